// rightkit-bindgen: Ajv 8.20.0's standalone code for generator/load/binding.schema.json, options {"strict":true,"allowUnionTypes":true,"allErrors":false}.
// Do not edit: made by generator/load/checks-source.ts; refresh with
// RIGHTKIT_UPDATE_GOLDEN=1 npx vitest run test/load/checks.test.ts
// @ts-nocheck -- Ajv's code is plain JavaScript.
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
export const validate = validate20;
export default validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://rightkit-bindgen.invalid/binding.schema.json","title":"rightkit-bindgen binding file","description":"Facts about a contract that its JSON Schema cannot hold, grouped by the artifact that reads them: client, transport, cli, result rules, error model, and per-method wire names, timeouts and rules.","type":"object","properties":{"$schema":{"type":"string"},"contract":{"type":"string","minLength":1,"description":"The $id of the schema this binding belongs to."},"client":{"type":"object","properties":{"className":{"type":"string","pattern":"^[A-Z][A-Za-z0-9]*$"},"namespaces":{"type":"object","description":"Dotted method names below `root` become nested client namespaces: agentcli.identity.resolve → client.identity.resolve().","properties":{"root":{"type":"string","pattern":"^[^.]+$"}},"required":["root"],"additionalProperties":false},"constants":{"type":"object","description":"Extra exported constants of the client module, by SCREAMING_SNAKE name.","propertyNames":{"pattern":"^[A-Z][A-Z0-9_]*$"},"additionalProperties":{"type":"object","properties":{"value":{"type":["string","number","boolean"]},"description":{"type":"string","minLength":1}},"required":["value","description"],"additionalProperties":false}}},"additionalProperties":false},"transport":{"description":"How the generated client reaches the service by default.","oneOf":[{"type":"object","properties":{"kind":{"const":"rightkit-daemon"},"service":{"type":"string","minLength":1},"app":{"type":"string","minLength":1,"description":"The client app label presented in the hello."}},"required":["kind","service","app"],"additionalProperties":false},{"type":"object","properties":{"kind":{"const":"jsonrpc-stdio"},"command":{"type":"string","minLength":1},"args":{"type":"array","items":{"type":"string"}},"ready":{"type":"object","description":"The notification a started server sends before it serves requests; its params are validated and its version's major compared.","properties":{"notification":{"type":"string","minLength":1,"description":"A notification the contract defines."},"timeoutMs":{"$ref":"#/$defs/timeout"},"versionField":{"type":"string","minLength":1},"version":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)*$"}},"required":["notification"],"dependentRequired":{"versionField":["version"],"version":["versionField"]},"additionalProperties":false},"introspection":{"type":"object","description":"The method that lists what a running server offers, for `rightkit-bindgen introspect`.","properties":{"method":{"type":"string","minLength":1},"params":{"type":"object"},"methods":{"type":"string","pattern":"^(/.*)?$","description":"JSON pointer into the result: an array of names, or of objects with a `method` or `name`."},"notifications":{"type":"string","pattern":"^(/.*)?$"}},"required":["method","methods"],"additionalProperties":false}},"required":["kind","command"],"additionalProperties":false}]},"cli":{"type":"object","properties":{"command":{"type":"string","minLength":1,"description":"How a person types the command, e.g. `right-ctl demo`."},"verbatimKeys":{"type":"array","items":{"type":"string","minLength":1},"uniqueItems":true}},"additionalProperties":false},"numbers":{"type":"object","description":"How the binding represents numbers the schema declares.","properties":{"int64":{"enum":["number","bigint"],"description":"Integers whose format is int64/uint64 (or whose bounds pass 2^53 - 1): `number` (the default; one past the safe range is refused, never rounded) or `bigint` (exact in the types, validators, client and CLI)."}},"additionalProperties":false},"patterns":{"type":"object","description":"How the validators match `pattern`, `patternProperties` and `propertyNames` patterns.","properties":{"backtracking":{"enum":["warn","error"],"description":"A pattern the linear-time matcher cannot run (a backreference, a lookahead or lookbehind) keeps a backtracking RegExp, whose time on a hostile string may grow exponentially: `warn` (the default) says so at generation, `error` refuses it."}},"additionalProperties":false},"results":{"type":"object","properties":{"okEnvelope":{"type":"boolean","description":"Every result carries a required boolean `ok`; `ok: false` is a result, never an error."}},"additionalProperties":false},"errors":{"description":"The error model: string codes carried by ToolError, or JSON-RPC errors kept numeric as RpcError.","oneOf":[{"type":"object","properties":{"kind":{"const":"codes"},"codes":{"type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9_]*$"},"additionalProperties":{"type":"string","minLength":1}}},"required":["kind"],"additionalProperties":false},{"type":"object","properties":{"kind":{"const":"jsonrpc"},"codes":{"type":"object","propertyNames":{"pattern":"^-?[0-9]+$"},"additionalProperties":{"type":"string","minLength":1}},"invalidParams":{"type":"object","description":"What the client raises, before sending, for params its validator refuses: the server's own shape.","properties":{"code":{"type":"integer"},"data":{"type":"object"},"issuesField":{"type":"string","minLength":1,"description":"The `data` key that carries the validation issues."}},"required":["code","data","issuesField"],"additionalProperties":false}},"required":["kind","invalidParams"],"additionalProperties":false}]},"defaultTimeoutMs":{"$ref":"#/$defs/timeout"},"methods":{"type":"object","additionalProperties":{"type":"object","properties":{"tool":{"type":"string","minLength":1,"description":"The wire name; the method's key by default."},"timeoutMs":{"$ref":"#/$defs/timeout"},"sensitiveParams":{"type":"array","description":"Params that carry a secret (a session token): documented, and never stored by the client.","items":{"type":"string","minLength":1},"uniqueItems":true},"summary":{"type":"string"},"failClosed":{"type":"object","properties":{"field":{"type":"string","minLength":1},"expected":{"type":["string","number","boolean","null"],"description":"Compared with ===, so a scalar."},"code":{"type":"string","minLength":1},"message":{"type":"string"}},"required":["field","expected","code","message"],"additionalProperties":false},"sideEffects":{"enum":["none","additive","destructive"],"description":"What a call changes: none (read-only), additive (adds, never changes or removes what exists), destructive (may change or remove what exists). `conform` calls a method that is not none only with negative cases unless --include-side-effects; absent, nothing is claimed."},"waitsForPerson":{"const":true,"description":"The call blocks until a person answers (a consent dialog, say); `conform` calls it only with --include-waiting."}},"additionalProperties":false}},"links":{"type":"object","description":"Values one method's result issues that other methods take as params, each under a name of its own; `conform` feeds them from the source's real answers (stateful sequences).","propertyNames":{"pattern":"^[A-Za-z][A-Za-z0-9_]*$"},"additionalProperties":{"type":"object","properties":{"from":{"type":"string","minLength":1,"description":"The method (its key in the schema) whose result issues the value."},"pointer":{"$ref":"#/$defs/wildcardPointer","description":"Where in that result: a JSON pointer, `*` standing for every item of an array (`/elements/*/ref`)."},"to":{"type":"object","description":"Method (its key in the schema) → the param the value feeds: a name (`token`), or a pointer into the params with `*` for every item (`/steps/*/ref`).","minProperties":1,"additionalProperties":{"type":"string","minLength":1}}},"required":["from","pointer","to"],"additionalProperties":false}},"lifecycle":{"type":"object","description":"Rules over a link's values, by the link's name; `conform` checks them (its lifecycle check).","additionalProperties":{"type":"object","properties":{"neverIssued":{"$ref":"#/$defs/errorCodes","description":"A value the link's source never issued is refused with one of these error codes."},"endedBy":{"type":"object","description":"Method (its key in the schema) → once it succeeded with a value, every later call carrying that value fails with one of these error codes.","minProperties":1,"additionalProperties":{"$ref":"#/$defs/errorCodes"}}},"minProperties":1,"additionalProperties":false}}},"required":["contract","methods"],"additionalProperties":false,"$defs":{"timeout":{"type":"integer","minimum":1,"maximum":86400000},"wildcardPointer":{"type":"string","pattern":"^(/([^/~]|~[01])*)+$"},"errorCodes":{"type":"array","description":"Error codes: strings for a `codes` error model, integers for `jsonrpc`.","items":{"type":["string","integer"]},"minItems":1,"uniqueItems":true}}};
const schema32 = {"type":"integer","minimum":1,"maximum":86400000};
const schema35 = {"type":"string","pattern":"^(/([^/~]|~[01])*)+$"};
const schema36 = {"type":"array","description":"Error codes: strings for a `codes` error model, integers for `jsonrpc`.","items":{"type":["string","integer"]},"minItems":1,"uniqueItems":true};
const func1 = Object.prototype.hasOwnProperty;
const func2 = require("ajv/dist/runtime/ucs2length").default;
const pattern4 = new RegExp("^[A-Z][A-Za-z0-9]*$", "u");
const pattern5 = new RegExp("^[^.]+$", "u");
const pattern6 = new RegExp("^[A-Z][A-Z0-9_]*$", "u");
const pattern7 = new RegExp("^[0-9]+(\\.[0-9]+)*$", "u");
const pattern8 = new RegExp("^(/.*)?$", "u");
const pattern10 = new RegExp("^[a-z][a-z0-9_]*$", "u");
const pattern11 = new RegExp("^-?[0-9]+$", "u");
const pattern12 = new RegExp("^[A-Za-z][A-Za-z0-9_]*$", "u");
const pattern13 = new RegExp("^(/([^/~]|~[01])*)+$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://rightkit-bindgen.invalid/binding.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.contract === undefined) && (missing0 = "contract")) || ((data.methods === undefined) && (missing0 = "methods"))){
validate20.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func1.call(schema31.properties, key0))){
validate20.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.$schema !== undefined){
const _errs2 = errors;
if(typeof data.$schema !== "string"){
validate20.errors = [{instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.contract !== undefined){
let data1 = data.contract;
const _errs4 = errors;
if(errors === _errs4){
if(typeof data1 === "string"){
if(func2(data1) < 1){
validate20.errors = [{instancePath:instancePath+"/contract",schemaPath:"#/properties/contract/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/contract",schemaPath:"#/properties/contract/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.client !== undefined){
let data2 = data.client;
const _errs6 = errors;
if(errors === _errs6){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
const _errs8 = errors;
for(const key1 in data2){
if(!(((key1 === "className") || (key1 === "namespaces")) || (key1 === "constants"))){
validate20.errors = [{instancePath:instancePath+"/client",schemaPath:"#/properties/client/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs8 === errors){
if(data2.className !== undefined){
let data3 = data2.className;
const _errs9 = errors;
if(errors === _errs9){
if(typeof data3 === "string"){
if(!pattern4.test(data3)){
validate20.errors = [{instancePath:instancePath+"/client/className",schemaPath:"#/properties/client/properties/className/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9]*$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9]*$"+"\""}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client/className",schemaPath:"#/properties/client/properties/className/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid1 = _errs9 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.namespaces !== undefined){
let data4 = data2.namespaces;
const _errs11 = errors;
if(errors === _errs11){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing1;
if((data4.root === undefined) && (missing1 = "root")){
validate20.errors = [{instancePath:instancePath+"/client/namespaces",schemaPath:"#/properties/client/properties/namespaces/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs13 = errors;
for(const key2 in data4){
if(!(key2 === "root")){
validate20.errors = [{instancePath:instancePath+"/client/namespaces",schemaPath:"#/properties/client/properties/namespaces/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs13 === errors){
if(data4.root !== undefined){
let data5 = data4.root;
const _errs14 = errors;
if(errors === _errs14){
if(typeof data5 === "string"){
if(!pattern5.test(data5)){
validate20.errors = [{instancePath:instancePath+"/client/namespaces/root",schemaPath:"#/properties/client/properties/namespaces/properties/root/pattern",keyword:"pattern",params:{pattern: "^[^.]+$"},message:"must match pattern \""+"^[^.]+$"+"\""}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client/namespaces/root",schemaPath:"#/properties/client/properties/namespaces/properties/root/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client/namespaces",schemaPath:"#/properties/client/properties/namespaces/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs11 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data2.constants !== undefined){
let data6 = data2.constants;
const _errs16 = errors;
if(errors === _errs16){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key3 in data6){
const _errs18 = errors;
if(typeof key3 === "string"){
if(!pattern6.test(key3)){
const err0 = {instancePath:instancePath+"/client/constants",schemaPath:"#/properties/client/properties/constants/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Z0-9_]*$"},message:"must match pattern \""+"^[A-Z][A-Z0-9_]*$"+"\"",propertyName:key3};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var valid3 = _errs18 === errors;
if(!valid3){
const err1 = {instancePath:instancePath+"/client/constants",schemaPath:"#/properties/client/properties/constants/propertyNames",keyword:"propertyNames",params:{propertyName: key3},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate20.errors = vErrors;
return false;
break;
}
}
if(valid3){
for(const key4 in data6){
let data7 = data6[key4];
const _errs20 = errors;
if(errors === _errs20){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing2;
if(((data7.value === undefined) && (missing2 = "value")) || ((data7.description === undefined) && (missing2 = "description"))){
validate20.errors = [{instancePath:instancePath+"/client/constants/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/client/properties/constants/additionalProperties/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs22 = errors;
for(const key5 in data7){
if(!((key5 === "value") || (key5 === "description"))){
validate20.errors = [{instancePath:instancePath+"/client/constants/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/client/properties/constants/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs22 === errors){
if(data7.value !== undefined){
let data8 = data7.value;
const _errs23 = errors;
if(((typeof data8 !== "string") && (!((typeof data8 == "number") && (isFinite(data8))))) && (typeof data8 !== "boolean")){
validate20.errors = [{instancePath:instancePath+"/client/constants/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/value",schemaPath:"#/properties/client/properties/constants/additionalProperties/properties/value/type",keyword:"type",params:{type: schema31.properties.client.properties.constants.additionalProperties.properties.value.type},message:"must be string,number,boolean"}];
return false;
}
var valid5 = _errs23 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data7.description !== undefined){
let data9 = data7.description;
const _errs25 = errors;
if(errors === _errs25){
if(typeof data9 === "string"){
if(func2(data9) < 1){
validate20.errors = [{instancePath:instancePath+"/client/constants/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/description",schemaPath:"#/properties/client/properties/constants/additionalProperties/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client/constants/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/description",schemaPath:"#/properties/client/properties/constants/additionalProperties/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs25 === errors;
}
else {
var valid5 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client/constants/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/client/properties/constants/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs20 === errors;
if(!valid4){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client/constants",schemaPath:"#/properties/client/properties/constants/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs16 === errors;
}
else {
var valid1 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/client",schemaPath:"#/properties/client/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.transport !== undefined){
let data10 = data.transport;
const _errs27 = errors;
const _errs28 = errors;
let valid6 = false;
let passing0 = null;
const _errs29 = errors;
if(errors === _errs29){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
let missing3;
if((((data10.kind === undefined) && (missing3 = "kind")) || ((data10.service === undefined) && (missing3 = "service"))) || ((data10.app === undefined) && (missing3 = "app"))){
const err2 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf/0/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
const _errs31 = errors;
for(const key6 in data10){
if(!(((key6 === "kind") || (key6 === "service")) || (key6 === "app"))){
const err3 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
break;
}
}
if(_errs31 === errors){
if(data10.kind !== undefined){
const _errs32 = errors;
if("rightkit-daemon" !== data10.kind){
const err4 = {instancePath:instancePath+"/transport/kind",schemaPath:"#/properties/transport/oneOf/0/properties/kind/const",keyword:"const",params:{allowedValue: "rightkit-daemon"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var valid7 = _errs32 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data10.service !== undefined){
let data12 = data10.service;
const _errs33 = errors;
if(errors === _errs33){
if(typeof data12 === "string"){
if(func2(data12) < 1){
const err5 = {instancePath:instancePath+"/transport/service",schemaPath:"#/properties/transport/oneOf/0/properties/service/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/transport/service",schemaPath:"#/properties/transport/oneOf/0/properties/service/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var valid7 = _errs33 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data10.app !== undefined){
let data13 = data10.app;
const _errs35 = errors;
if(errors === _errs35){
if(typeof data13 === "string"){
if(func2(data13) < 1){
const err7 = {instancePath:instancePath+"/transport/app",schemaPath:"#/properties/transport/oneOf/0/properties/app/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/transport/app",schemaPath:"#/properties/transport/oneOf/0/properties/app/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
var valid7 = _errs35 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
}
else {
const err9 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var _valid0 = _errs29 === errors;
if(_valid0){
valid6 = true;
passing0 = 0;
var props0 = true;
}
const _errs37 = errors;
if(errors === _errs37){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
let missing4;
if(((data10.kind === undefined) && (missing4 = "kind")) || ((data10.command === undefined) && (missing4 = "command"))){
const err10 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf/1/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
const _errs39 = errors;
for(const key7 in data10){
if(!(((((key7 === "kind") || (key7 === "command")) || (key7 === "args")) || (key7 === "ready")) || (key7 === "introspection"))){
const err11 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
break;
}
}
if(_errs39 === errors){
if(data10.kind !== undefined){
const _errs40 = errors;
if("jsonrpc-stdio" !== data10.kind){
const err12 = {instancePath:instancePath+"/transport/kind",schemaPath:"#/properties/transport/oneOf/1/properties/kind/const",keyword:"const",params:{allowedValue: "jsonrpc-stdio"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid8 = _errs40 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data10.command !== undefined){
let data15 = data10.command;
const _errs41 = errors;
if(errors === _errs41){
if(typeof data15 === "string"){
if(func2(data15) < 1){
const err13 = {instancePath:instancePath+"/transport/command",schemaPath:"#/properties/transport/oneOf/1/properties/command/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/transport/command",schemaPath:"#/properties/transport/oneOf/1/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid8 = _errs41 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data10.args !== undefined){
let data16 = data10.args;
const _errs43 = errors;
if(errors === _errs43){
if(Array.isArray(data16)){
var valid9 = true;
const len0 = data16.length;
for(let i0=0; i0<len0; i0++){
const _errs45 = errors;
if(typeof data16[i0] !== "string"){
const err15 = {instancePath:instancePath+"/transport/args/" + i0,schemaPath:"#/properties/transport/oneOf/1/properties/args/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var valid9 = _errs45 === errors;
if(!valid9){
break;
}
}
}
else {
const err16 = {instancePath:instancePath+"/transport/args",schemaPath:"#/properties/transport/oneOf/1/properties/args/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
var valid8 = _errs43 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data10.ready !== undefined){
let data18 = data10.ready;
const _errs47 = errors;
if(errors === _errs47){
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
let missing5;
if((data18.notification === undefined) && (missing5 = "notification")){
const err17 = {instancePath:instancePath+"/transport/ready",schemaPath:"#/properties/transport/oneOf/1/properties/ready/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
const _errs49 = errors;
for(const key8 in data18){
if(!((((key8 === "notification") || (key8 === "timeoutMs")) || (key8 === "versionField")) || (key8 === "version"))){
const err18 = {instancePath:instancePath+"/transport/ready",schemaPath:"#/properties/transport/oneOf/1/properties/ready/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
break;
}
}
if(_errs49 === errors){
if(data18.notification !== undefined){
let data19 = data18.notification;
const _errs50 = errors;
if(errors === _errs50){
if(typeof data19 === "string"){
if(func2(data19) < 1){
const err19 = {instancePath:instancePath+"/transport/ready/notification",schemaPath:"#/properties/transport/oneOf/1/properties/ready/properties/notification/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/transport/ready/notification",schemaPath:"#/properties/transport/oneOf/1/properties/ready/properties/notification/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
var valid10 = _errs50 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data18.timeoutMs !== undefined){
let data20 = data18.timeoutMs;
const _errs52 = errors;
const _errs53 = errors;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err21 = {instancePath:instancePath+"/transport/ready/timeoutMs",schemaPath:"#/$defs/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(errors === _errs53){
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 86400000 || isNaN(data20)){
const err22 = {instancePath:instancePath+"/transport/ready/timeoutMs",schemaPath:"#/$defs/timeout/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400000},message:"must be <= 86400000"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
else {
if(data20 < 1 || isNaN(data20)){
const err23 = {instancePath:instancePath+"/transport/ready/timeoutMs",schemaPath:"#/$defs/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
}
var valid10 = _errs52 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data18.versionField !== undefined){
let data21 = data18.versionField;
const _errs55 = errors;
if(errors === _errs55){
if(typeof data21 === "string"){
if(func2(data21) < 1){
const err24 = {instancePath:instancePath+"/transport/ready/versionField",schemaPath:"#/properties/transport/oneOf/1/properties/ready/properties/versionField/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/transport/ready/versionField",schemaPath:"#/properties/transport/oneOf/1/properties/ready/properties/versionField/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
var valid10 = _errs55 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data18.version !== undefined){
let data22 = data18.version;
const _errs57 = errors;
if(errors === _errs57){
if(typeof data22 === "string"){
if(!pattern7.test(data22)){
const err26 = {instancePath:instancePath+"/transport/ready/version",schemaPath:"#/properties/transport/oneOf/1/properties/ready/properties/version/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)*$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)*$"+"\""};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/transport/ready/version",schemaPath:"#/properties/transport/oneOf/1/properties/ready/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
var valid10 = _errs57 === errors;
}
else {
var valid10 = true;
}
if(valid10){
let missing6;
if(data18.versionField !== undefined && ((data18.version === undefined) && (missing6 = "version"))){
const err28 = {instancePath:instancePath+"/transport/ready",schemaPath:"#/properties/transport/oneOf/1/properties/ready/dependentRequired",keyword:"dependentRequired",params:{property: "versionField",
    missingProperty: missing6,
    depsCount: 1,
    deps: "version"},message:"must have property version when property versionField is present"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
if(data18.version !== undefined && ((data18.versionField === undefined) && (missing6 = "versionField"))){
const err29 = {instancePath:instancePath+"/transport/ready",schemaPath:"#/properties/transport/oneOf/1/properties/ready/dependentRequired",keyword:"dependentRequired",params:{property: "version",
    missingProperty: missing6,
    depsCount: 1,
    deps: "versionField"},message:"must have property versionField when property version is present"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
}
}
}
}
}
}
else {
const err30 = {instancePath:instancePath+"/transport/ready",schemaPath:"#/properties/transport/oneOf/1/properties/ready/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
var valid8 = _errs47 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data10.introspection !== undefined){
let data23 = data10.introspection;
const _errs59 = errors;
if(errors === _errs59){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
let missing7;
if(((data23.method === undefined) && (missing7 = "method")) || ((data23.methods === undefined) && (missing7 = "methods"))){
const err31 = {instancePath:instancePath+"/transport/introspection",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
const _errs61 = errors;
for(const key9 in data23){
if(!((((key9 === "method") || (key9 === "params")) || (key9 === "methods")) || (key9 === "notifications"))){
const err32 = {instancePath:instancePath+"/transport/introspection",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
break;
}
}
if(_errs61 === errors){
if(data23.method !== undefined){
let data24 = data23.method;
const _errs62 = errors;
if(errors === _errs62){
if(typeof data24 === "string"){
if(func2(data24) < 1){
const err33 = {instancePath:instancePath+"/transport/introspection/method",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/method/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/transport/introspection/method",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/method/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
var valid12 = _errs62 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data23.params !== undefined){
let data25 = data23.params;
const _errs64 = errors;
if(!(data25 && typeof data25 == "object" && !Array.isArray(data25))){
const err35 = {instancePath:instancePath+"/transport/introspection/params",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var valid12 = _errs64 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data23.methods !== undefined){
let data26 = data23.methods;
const _errs66 = errors;
if(errors === _errs66){
if(typeof data26 === "string"){
if(!pattern8.test(data26)){
const err36 = {instancePath:instancePath+"/transport/introspection/methods",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/methods/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/transport/introspection/methods",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/methods/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
var valid12 = _errs66 === errors;
}
else {
var valid12 = true;
}
if(valid12){
if(data23.notifications !== undefined){
let data27 = data23.notifications;
const _errs68 = errors;
if(errors === _errs68){
if(typeof data27 === "string"){
if(!pattern8.test(data27)){
const err38 = {instancePath:instancePath+"/transport/introspection/notifications",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/notifications/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/transport/introspection/notifications",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/properties/notifications/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
var valid12 = _errs68 === errors;
}
else {
var valid12 = true;
}
}
}
}
}
}
}
else {
const err40 = {instancePath:instancePath+"/transport/introspection",schemaPath:"#/properties/transport/oneOf/1/properties/introspection/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
var valid8 = _errs59 === errors;
}
else {
var valid8 = true;
}
}
}
}
}
}
}
}
else {
const err41 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
var _valid0 = _errs37 === errors;
if(_valid0 && valid6){
valid6 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid6 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
}
if(!valid6){
const err42 = {instancePath:instancePath+"/transport",schemaPath:"#/properties/transport/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
validate20.errors = vErrors;
return false;
}
else {
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs27 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.cli !== undefined){
let data28 = data.cli;
const _errs70 = errors;
if(errors === _errs70){
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
const _errs72 = errors;
for(const key10 in data28){
if(!((key10 === "command") || (key10 === "verbatimKeys"))){
validate20.errors = [{instancePath:instancePath+"/cli",schemaPath:"#/properties/cli/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs72 === errors){
if(data28.command !== undefined){
let data29 = data28.command;
const _errs73 = errors;
if(errors === _errs73){
if(typeof data29 === "string"){
if(func2(data29) < 1){
validate20.errors = [{instancePath:instancePath+"/cli/command",schemaPath:"#/properties/cli/properties/command/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cli/command",schemaPath:"#/properties/cli/properties/command/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid13 = _errs73 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data28.verbatimKeys !== undefined){
let data30 = data28.verbatimKeys;
const _errs75 = errors;
if(errors === _errs75){
if(Array.isArray(data30)){
var valid14 = true;
const len1 = data30.length;
for(let i1=0; i1<len1; i1++){
let data31 = data30[i1];
const _errs77 = errors;
if(errors === _errs77){
if(typeof data31 === "string"){
if(func2(data31) < 1){
validate20.errors = [{instancePath:instancePath+"/cli/verbatimKeys/" + i1,schemaPath:"#/properties/cli/properties/verbatimKeys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cli/verbatimKeys/" + i1,schemaPath:"#/properties/cli/properties/verbatimKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid14 = _errs77 === errors;
if(!valid14){
break;
}
}
if(valid14){
let i2 = data30.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data30[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
validate20.errors = [{instancePath:instancePath+"/cli/verbatimKeys",schemaPath:"#/properties/cli/properties/verbatimKeys/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)"}];
return false;
break;
}
indices0[item0] = i2;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cli/verbatimKeys",schemaPath:"#/properties/cli/properties/verbatimKeys/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid13 = _errs75 === errors;
}
else {
var valid13 = true;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/cli",schemaPath:"#/properties/cli/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs70 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.numbers !== undefined){
let data32 = data.numbers;
const _errs79 = errors;
if(errors === _errs79){
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
const _errs81 = errors;
for(const key11 in data32){
if(!(key11 === "int64")){
validate20.errors = [{instancePath:instancePath+"/numbers",schemaPath:"#/properties/numbers/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs81 === errors){
if(data32.int64 !== undefined){
let data33 = data32.int64;
if(!((data33 === "number") || (data33 === "bigint"))){
validate20.errors = [{instancePath:instancePath+"/numbers/int64",schemaPath:"#/properties/numbers/properties/int64/enum",keyword:"enum",params:{allowedValues: schema31.properties.numbers.properties.int64.enum},message:"must be equal to one of the allowed values"}];
return false;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/numbers",schemaPath:"#/properties/numbers/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs79 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.patterns !== undefined){
let data34 = data.patterns;
const _errs83 = errors;
if(errors === _errs83){
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
const _errs85 = errors;
for(const key12 in data34){
if(!(key12 === "backtracking")){
validate20.errors = [{instancePath:instancePath+"/patterns",schemaPath:"#/properties/patterns/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs85 === errors){
if(data34.backtracking !== undefined){
let data35 = data34.backtracking;
if(!((data35 === "warn") || (data35 === "error"))){
validate20.errors = [{instancePath:instancePath+"/patterns/backtracking",schemaPath:"#/properties/patterns/properties/backtracking/enum",keyword:"enum",params:{allowedValues: schema31.properties.patterns.properties.backtracking.enum},message:"must be equal to one of the allowed values"}];
return false;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/patterns",schemaPath:"#/properties/patterns/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs83 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.results !== undefined){
let data36 = data.results;
const _errs87 = errors;
if(errors === _errs87){
if(data36 && typeof data36 == "object" && !Array.isArray(data36)){
const _errs89 = errors;
for(const key13 in data36){
if(!(key13 === "okEnvelope")){
validate20.errors = [{instancePath:instancePath+"/results",schemaPath:"#/properties/results/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs89 === errors){
if(data36.okEnvelope !== undefined){
if(typeof data36.okEnvelope !== "boolean"){
validate20.errors = [{instancePath:instancePath+"/results/okEnvelope",schemaPath:"#/properties/results/properties/okEnvelope/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs87 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.errors !== undefined){
let data38 = data.errors;
const _errs92 = errors;
const _errs93 = errors;
let valid19 = false;
let passing1 = null;
const _errs94 = errors;
if(errors === _errs94){
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
let missing8;
if((data38.kind === undefined) && (missing8 = "kind")){
const err43 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf/0/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
else {
const _errs96 = errors;
for(const key14 in data38){
if(!((key14 === "kind") || (key14 === "codes"))){
const err44 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
break;
}
}
if(_errs96 === errors){
if(data38.kind !== undefined){
const _errs97 = errors;
if("codes" !== data38.kind){
const err45 = {instancePath:instancePath+"/errors/kind",schemaPath:"#/properties/errors/oneOf/0/properties/kind/const",keyword:"const",params:{allowedValue: "codes"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var valid20 = _errs97 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data38.codes !== undefined){
let data40 = data38.codes;
const _errs98 = errors;
if(errors === _errs98){
if(data40 && typeof data40 == "object" && !Array.isArray(data40)){
for(const key15 in data40){
const _errs100 = errors;
if(typeof key15 === "string"){
if(!pattern10.test(key15)){
const err46 = {instancePath:instancePath+"/errors/codes",schemaPath:"#/properties/errors/oneOf/0/properties/codes/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\"",propertyName:key15};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
var valid21 = _errs100 === errors;
if(!valid21){
const err47 = {instancePath:instancePath+"/errors/codes",schemaPath:"#/properties/errors/oneOf/0/properties/codes/propertyNames",keyword:"propertyNames",params:{propertyName: key15},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
break;
}
}
if(valid21){
for(const key16 in data40){
let data41 = data40[key16];
const _errs102 = errors;
if(errors === _errs102){
if(typeof data41 === "string"){
if(func2(data41) < 1){
const err48 = {instancePath:instancePath+"/errors/codes/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/errors/oneOf/0/properties/codes/additionalProperties/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/errors/codes/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/errors/oneOf/0/properties/codes/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
var valid22 = _errs102 === errors;
if(!valid22){
break;
}
}
}
}
else {
const err50 = {instancePath:instancePath+"/errors/codes",schemaPath:"#/properties/errors/oneOf/0/properties/codes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
var valid20 = _errs98 === errors;
}
else {
var valid20 = true;
}
}
}
}
}
else {
const err51 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
var _valid1 = _errs94 === errors;
if(_valid1){
valid19 = true;
passing1 = 0;
var props1 = true;
}
const _errs104 = errors;
if(errors === _errs104){
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
let missing9;
if(((data38.kind === undefined) && (missing9 = "kind")) || ((data38.invalidParams === undefined) && (missing9 = "invalidParams"))){
const err52 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf/1/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
else {
const _errs106 = errors;
for(const key17 in data38){
if(!(((key17 === "kind") || (key17 === "codes")) || (key17 === "invalidParams"))){
const err53 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
break;
}
}
if(_errs106 === errors){
if(data38.kind !== undefined){
const _errs107 = errors;
if("jsonrpc" !== data38.kind){
const err54 = {instancePath:instancePath+"/errors/kind",schemaPath:"#/properties/errors/oneOf/1/properties/kind/const",keyword:"const",params:{allowedValue: "jsonrpc"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var valid23 = _errs107 === errors;
}
else {
var valid23 = true;
}
if(valid23){
if(data38.codes !== undefined){
let data43 = data38.codes;
const _errs108 = errors;
if(errors === _errs108){
if(data43 && typeof data43 == "object" && !Array.isArray(data43)){
for(const key18 in data43){
const _errs110 = errors;
if(typeof key18 === "string"){
if(!pattern11.test(key18)){
const err55 = {instancePath:instancePath+"/errors/codes",schemaPath:"#/properties/errors/oneOf/1/properties/codes/propertyNames/pattern",keyword:"pattern",params:{pattern: "^-?[0-9]+$"},message:"must match pattern \""+"^-?[0-9]+$"+"\"",propertyName:key18};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
var valid24 = _errs110 === errors;
if(!valid24){
const err56 = {instancePath:instancePath+"/errors/codes",schemaPath:"#/properties/errors/oneOf/1/properties/codes/propertyNames",keyword:"propertyNames",params:{propertyName: key18},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
break;
}
}
if(valid24){
for(const key19 in data43){
let data44 = data43[key19];
const _errs112 = errors;
if(errors === _errs112){
if(typeof data44 === "string"){
if(func2(data44) < 1){
const err57 = {instancePath:instancePath+"/errors/codes/" + key19.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/errors/oneOf/1/properties/codes/additionalProperties/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/errors/codes/" + key19.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/errors/oneOf/1/properties/codes/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
var valid25 = _errs112 === errors;
if(!valid25){
break;
}
}
}
}
else {
const err59 = {instancePath:instancePath+"/errors/codes",schemaPath:"#/properties/errors/oneOf/1/properties/codes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
var valid23 = _errs108 === errors;
}
else {
var valid23 = true;
}
if(valid23){
if(data38.invalidParams !== undefined){
let data45 = data38.invalidParams;
const _errs114 = errors;
if(errors === _errs114){
if(data45 && typeof data45 == "object" && !Array.isArray(data45)){
let missing10;
if((((data45.code === undefined) && (missing10 = "code")) || ((data45.data === undefined) && (missing10 = "data"))) || ((data45.issuesField === undefined) && (missing10 = "issuesField"))){
const err60 = {instancePath:instancePath+"/errors/invalidParams",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/required",keyword:"required",params:{missingProperty: missing10},message:"must have required property '"+missing10+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
else {
const _errs116 = errors;
for(const key20 in data45){
if(!(((key20 === "code") || (key20 === "data")) || (key20 === "issuesField"))){
const err61 = {instancePath:instancePath+"/errors/invalidParams",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key20},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
break;
}
}
if(_errs116 === errors){
if(data45.code !== undefined){
let data46 = data45.code;
const _errs117 = errors;
if(!(((typeof data46 == "number") && (!(data46 % 1) && !isNaN(data46))) && (isFinite(data46)))){
const err62 = {instancePath:instancePath+"/errors/invalidParams/code",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/properties/code/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var valid26 = _errs117 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data45.data !== undefined){
let data47 = data45.data;
const _errs119 = errors;
if(!(data47 && typeof data47 == "object" && !Array.isArray(data47))){
const err63 = {instancePath:instancePath+"/errors/invalidParams/data",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var valid26 = _errs119 === errors;
}
else {
var valid26 = true;
}
if(valid26){
if(data45.issuesField !== undefined){
let data48 = data45.issuesField;
const _errs121 = errors;
if(errors === _errs121){
if(typeof data48 === "string"){
if(func2(data48) < 1){
const err64 = {instancePath:instancePath+"/errors/invalidParams/issuesField",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/properties/issuesField/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/errors/invalidParams/issuesField",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/properties/issuesField/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
var valid26 = _errs121 === errors;
}
else {
var valid26 = true;
}
}
}
}
}
}
else {
const err66 = {instancePath:instancePath+"/errors/invalidParams",schemaPath:"#/properties/errors/oneOf/1/properties/invalidParams/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
var valid23 = _errs114 === errors;
}
else {
var valid23 = true;
}
}
}
}
}
}
else {
const err67 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
var _valid1 = _errs104 === errors;
if(_valid1 && valid19){
valid19 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid19 = true;
passing1 = 1;
if(props1 !== true){
props1 = true;
}
}
}
if(!valid19){
const err68 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
validate20.errors = vErrors;
return false;
}
else {
errors = _errs93;
if(vErrors !== null){
if(_errs93){
vErrors.length = _errs93;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs92 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.defaultTimeoutMs !== undefined){
let data49 = data.defaultTimeoutMs;
const _errs123 = errors;
const _errs124 = errors;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
validate20.errors = [{instancePath:instancePath+"/defaultTimeoutMs",schemaPath:"#/$defs/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs124){
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 > 86400000 || isNaN(data49)){
validate20.errors = [{instancePath:instancePath+"/defaultTimeoutMs",schemaPath:"#/$defs/timeout/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400000},message:"must be <= 86400000"}];
return false;
}
else {
if(data49 < 1 || isNaN(data49)){
validate20.errors = [{instancePath:instancePath+"/defaultTimeoutMs",schemaPath:"#/$defs/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid0 = _errs123 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.methods !== undefined){
let data50 = data.methods;
const _errs126 = errors;
if(errors === _errs126){
if(data50 && typeof data50 == "object" && !Array.isArray(data50)){
for(const key21 in data50){
let data51 = data50[key21];
const _errs129 = errors;
if(errors === _errs129){
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
const _errs131 = errors;
for(const key22 in data51){
if(!(((((((key22 === "tool") || (key22 === "timeoutMs")) || (key22 === "sensitiveParams")) || (key22 === "summary")) || (key22 === "failClosed")) || (key22 === "sideEffects")) || (key22 === "waitsForPerson"))){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/methods/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key22},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs131 === errors){
if(data51.tool !== undefined){
let data52 = data51.tool;
const _errs132 = errors;
if(errors === _errs132){
if(typeof data52 === "string"){
if(func2(data52) < 1){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/tool",schemaPath:"#/properties/methods/additionalProperties/properties/tool/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/tool",schemaPath:"#/properties/methods/additionalProperties/properties/tool/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid29 = _errs132 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data51.timeoutMs !== undefined){
let data53 = data51.timeoutMs;
const _errs134 = errors;
const _errs135 = errors;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/timeoutMs",schemaPath:"#/$defs/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs135){
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 > 86400000 || isNaN(data53)){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/timeoutMs",schemaPath:"#/$defs/timeout/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400000},message:"must be <= 86400000"}];
return false;
}
else {
if(data53 < 1 || isNaN(data53)){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/timeoutMs",schemaPath:"#/$defs/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid29 = _errs134 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data51.sensitiveParams !== undefined){
let data54 = data51.sensitiveParams;
const _errs137 = errors;
if(errors === _errs137){
if(Array.isArray(data54)){
var valid31 = true;
const len2 = data54.length;
for(let i3=0; i3<len2; i3++){
let data55 = data54[i3];
const _errs139 = errors;
if(errors === _errs139){
if(typeof data55 === "string"){
if(func2(data55) < 1){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/sensitiveParams/" + i3,schemaPath:"#/properties/methods/additionalProperties/properties/sensitiveParams/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/sensitiveParams/" + i3,schemaPath:"#/properties/methods/additionalProperties/properties/sensitiveParams/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid31 = _errs139 === errors;
if(!valid31){
break;
}
}
if(valid31){
let i4 = data54.length;
let j1;
if(i4 > 1){
const indices1 = {};
for(;i4--;){
let item1 = data54[i4];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/sensitiveParams",schemaPath:"#/properties/methods/additionalProperties/properties/sensitiveParams/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i4+" are identical)"}];
return false;
break;
}
indices1[item1] = i4;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/sensitiveParams",schemaPath:"#/properties/methods/additionalProperties/properties/sensitiveParams/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid29 = _errs137 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data51.summary !== undefined){
const _errs141 = errors;
if(typeof data51.summary !== "string"){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/summary",schemaPath:"#/properties/methods/additionalProperties/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid29 = _errs141 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data51.failClosed !== undefined){
let data57 = data51.failClosed;
const _errs143 = errors;
if(errors === _errs143){
if(data57 && typeof data57 == "object" && !Array.isArray(data57)){
let missing11;
if(((((data57.field === undefined) && (missing11 = "field")) || ((data57.expected === undefined) && (missing11 = "expected"))) || ((data57.code === undefined) && (missing11 = "code"))) || ((data57.message === undefined) && (missing11 = "message"))){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/required",keyword:"required",params:{missingProperty: missing11},message:"must have required property '"+missing11+"'"}];
return false;
}
else {
const _errs145 = errors;
for(const key23 in data57){
if(!((((key23 === "field") || (key23 === "expected")) || (key23 === "code")) || (key23 === "message"))){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key23},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs145 === errors){
if(data57.field !== undefined){
let data58 = data57.field;
const _errs146 = errors;
if(errors === _errs146){
if(typeof data58 === "string"){
if(func2(data58) < 1){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed/field",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/properties/field/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed/field",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid33 = _errs146 === errors;
}
else {
var valid33 = true;
}
if(valid33){
if(data57.expected !== undefined){
let data59 = data57.expected;
const _errs148 = errors;
if((((typeof data59 !== "string") && (!((typeof data59 == "number") && (isFinite(data59))))) && (typeof data59 !== "boolean")) && (data59 !== null)){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed/expected",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/properties/expected/type",keyword:"type",params:{type: schema31.properties.methods.additionalProperties.properties.failClosed.properties.expected.type},message:"must be string,number,boolean,null"}];
return false;
}
var valid33 = _errs148 === errors;
}
else {
var valid33 = true;
}
if(valid33){
if(data57.code !== undefined){
let data60 = data57.code;
const _errs150 = errors;
if(errors === _errs150){
if(typeof data60 === "string"){
if(func2(data60) < 1){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed/code",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/properties/code/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed/code",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid33 = _errs150 === errors;
}
else {
var valid33 = true;
}
if(valid33){
if(data57.message !== undefined){
const _errs152 = errors;
if(typeof data57.message !== "string"){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed/message",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid33 = _errs152 === errors;
}
else {
var valid33 = true;
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/failClosed",schemaPath:"#/properties/methods/additionalProperties/properties/failClosed/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid29 = _errs143 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data51.sideEffects !== undefined){
let data62 = data51.sideEffects;
const _errs154 = errors;
if(!(((data62 === "none") || (data62 === "additive")) || (data62 === "destructive"))){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/sideEffects",schemaPath:"#/properties/methods/additionalProperties/properties/sideEffects/enum",keyword:"enum",params:{allowedValues: schema31.properties.methods.additionalProperties.properties.sideEffects.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid29 = _errs154 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data51.waitsForPerson !== undefined){
const _errs155 = errors;
if(true !== data51.waitsForPerson){
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1")+"/waitsForPerson",schemaPath:"#/properties/methods/additionalProperties/properties/waitsForPerson/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"}];
return false;
}
var valid29 = _errs155 === errors;
}
else {
var valid29 = true;
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods/" + key21.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/methods/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid28 = _errs129 === errors;
if(!valid28){
break;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/methods",schemaPath:"#/properties/methods/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs126 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.links !== undefined){
let data64 = data.links;
const _errs156 = errors;
if(errors === _errs156){
if(data64 && typeof data64 == "object" && !Array.isArray(data64)){
for(const key24 in data64){
const _errs158 = errors;
if(typeof key24 === "string"){
if(!pattern12.test(key24)){
const err69 = {instancePath:instancePath+"/links",schemaPath:"#/properties/links/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_]*$"+"\"",propertyName:key24};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
var valid34 = _errs158 === errors;
if(!valid34){
const err70 = {instancePath:instancePath+"/links",schemaPath:"#/properties/links/propertyNames",keyword:"propertyNames",params:{propertyName: key24},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
validate20.errors = vErrors;
return false;
break;
}
}
if(valid34){
for(const key25 in data64){
let data65 = data64[key25];
const _errs160 = errors;
if(errors === _errs160){
if(data65 && typeof data65 == "object" && !Array.isArray(data65)){
let missing12;
if((((data65.from === undefined) && (missing12 = "from")) || ((data65.pointer === undefined) && (missing12 = "pointer"))) || ((data65.to === undefined) && (missing12 = "to"))){
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/links/additionalProperties/required",keyword:"required",params:{missingProperty: missing12},message:"must have required property '"+missing12+"'"}];
return false;
}
else {
const _errs162 = errors;
for(const key26 in data65){
if(!(((key26 === "from") || (key26 === "pointer")) || (key26 === "to"))){
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/links/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key26},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs162 === errors){
if(data65.from !== undefined){
let data66 = data65.from;
const _errs163 = errors;
if(errors === _errs163){
if(typeof data66 === "string"){
if(func2(data66) < 1){
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/from",schemaPath:"#/properties/links/additionalProperties/properties/from/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/from",schemaPath:"#/properties/links/additionalProperties/properties/from/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid36 = _errs163 === errors;
}
else {
var valid36 = true;
}
if(valid36){
if(data65.pointer !== undefined){
let data67 = data65.pointer;
const _errs165 = errors;
const _errs166 = errors;
if(errors === _errs166){
if(typeof data67 === "string"){
if(!pattern13.test(data67)){
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/pointer",schemaPath:"#/$defs/wildcardPointer/pattern",keyword:"pattern",params:{pattern: "^(/([^/~]|~[01])*)+$"},message:"must match pattern \""+"^(/([^/~]|~[01])*)+$"+"\""}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/pointer",schemaPath:"#/$defs/wildcardPointer/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid36 = _errs165 === errors;
}
else {
var valid36 = true;
}
if(valid36){
if(data65.to !== undefined){
let data68 = data65.to;
const _errs168 = errors;
if(errors === _errs168){
if(data68 && typeof data68 == "object" && !Array.isArray(data68)){
if(Object.keys(data68).length < 1){
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/to",schemaPath:"#/properties/links/additionalProperties/properties/to/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"}];
return false;
}
else {
for(const key27 in data68){
let data69 = data68[key27];
const _errs171 = errors;
if(errors === _errs171){
if(typeof data69 === "string"){
if(func2(data69) < 1){
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/to/" + key27.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/links/additionalProperties/properties/to/additionalProperties/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/to/" + key27.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/links/additionalProperties/properties/to/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid38 = _errs171 === errors;
if(!valid38){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1")+"/to",schemaPath:"#/properties/links/additionalProperties/properties/to/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid36 = _errs168 === errors;
}
else {
var valid36 = true;
}
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/links/" + key25.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/links/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid35 = _errs160 === errors;
if(!valid35){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/links",schemaPath:"#/properties/links/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs156 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.lifecycle !== undefined){
let data70 = data.lifecycle;
const _errs173 = errors;
if(errors === _errs173){
if(data70 && typeof data70 == "object" && !Array.isArray(data70)){
for(const key28 in data70){
let data71 = data70[key28];
const _errs176 = errors;
if(errors === _errs176){
if(data71 && typeof data71 == "object" && !Array.isArray(data71)){
if(Object.keys(data71).length < 1){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/lifecycle/additionalProperties/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"}];
return false;
}
else {
const _errs178 = errors;
for(const key29 in data71){
if(!((key29 === "neverIssued") || (key29 === "endedBy"))){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/lifecycle/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key29},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs178 === errors){
if(data71.neverIssued !== undefined){
let data72 = data71.neverIssued;
const _errs179 = errors;
const _errs180 = errors;
if(errors === _errs180){
if(Array.isArray(data72)){
if(data72.length < 1){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/neverIssued",schemaPath:"#/$defs/errorCodes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid42 = true;
const len3 = data72.length;
for(let i5=0; i5<len3; i5++){
let data73 = data72[i5];
const _errs182 = errors;
if((typeof data73 !== "string") && (!(((typeof data73 == "number") && (!(data73 % 1) && !isNaN(data73))) && (isFinite(data73))))){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/neverIssued/" + i5,schemaPath:"#/$defs/errorCodes/items/type",keyword:"type",params:{type: schema36.items.type},message:"must be string,integer"}];
return false;
}
var valid42 = _errs182 === errors;
if(!valid42){
break;
}
}
if(valid42){
let i6 = data72.length;
let j2;
if(i6 > 1){
const indices2 = {};
for(;i6--;){
let item2 = data72[i6];
if((typeof item2 !== "string") && (!(((typeof item2 == "number") && (!(item2 % 1) && !isNaN(item2))) && (isFinite(item2))))){
continue;
}
if(typeof item2 == "string"){
item2 += "_";
}
if(typeof indices2[item2] == "number"){
j2 = indices2[item2];
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/neverIssued",schemaPath:"#/$defs/errorCodes/uniqueItems",keyword:"uniqueItems",params:{i: i6, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i6+" are identical)"}];
return false;
break;
}
indices2[item2] = i6;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/neverIssued",schemaPath:"#/$defs/errorCodes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid40 = _errs179 === errors;
}
else {
var valid40 = true;
}
if(valid40){
if(data71.endedBy !== undefined){
let data74 = data71.endedBy;
const _errs184 = errors;
if(errors === _errs184){
if(data74 && typeof data74 == "object" && !Array.isArray(data74)){
if(Object.keys(data74).length < 1){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/endedBy",schemaPath:"#/properties/lifecycle/additionalProperties/properties/endedBy/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"}];
return false;
}
else {
for(const key30 in data74){
let data75 = data74[key30];
const _errs187 = errors;
const _errs188 = errors;
if(errors === _errs188){
if(Array.isArray(data75)){
if(data75.length < 1){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/endedBy/" + key30.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/errorCodes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid46 = true;
const len4 = data75.length;
for(let i7=0; i7<len4; i7++){
let data76 = data75[i7];
const _errs190 = errors;
if((typeof data76 !== "string") && (!(((typeof data76 == "number") && (!(data76 % 1) && !isNaN(data76))) && (isFinite(data76))))){
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/endedBy/" + key30.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i7,schemaPath:"#/$defs/errorCodes/items/type",keyword:"type",params:{type: schema36.items.type},message:"must be string,integer"}];
return false;
}
var valid46 = _errs190 === errors;
if(!valid46){
break;
}
}
if(valid46){
let i8 = data75.length;
let j3;
if(i8 > 1){
const indices3 = {};
for(;i8--;){
let item3 = data75[i8];
if((typeof item3 !== "string") && (!(((typeof item3 == "number") && (!(item3 % 1) && !isNaN(item3))) && (isFinite(item3))))){
continue;
}
if(typeof item3 == "string"){
item3 += "_";
}
if(typeof indices3[item3] == "number"){
j3 = indices3[item3];
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/endedBy/" + key30.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/errorCodes/uniqueItems",keyword:"uniqueItems",params:{i: i8, j: j3},message:"must NOT have duplicate items (items ## "+j3+" and "+i8+" are identical)"}];
return false;
break;
}
indices3[item3] = i8;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/endedBy/" + key30.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/errorCodes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid44 = _errs187 === errors;
if(!valid44){
break;
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1")+"/endedBy",schemaPath:"#/properties/lifecycle/additionalProperties/properties/endedBy/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid40 = _errs184 === errors;
}
else {
var valid40 = true;
}
}
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/lifecycle/" + key28.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/lifecycle/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid39 = _errs176 === errors;
if(!valid39){
break;
}
}
}
else {
validate20.errors = [{instancePath:instancePath+"/lifecycle",schemaPath:"#/properties/lifecycle/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs173 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate20.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
