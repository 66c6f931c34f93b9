/**
 * conform in bigint mode (binding `numbers.int64: "bigint"`), against the test-only contract
 * test/fixtures/int64/ and the conformance host's int64 service: the cases put exact bigints at
 * the 64-bit locations (u64::MAX, i64::MIN, 2^53 + 1, 0 among them), the negative cases cross
 * their bounds and their format's range with bigints, the wire carries the digits, the answers
 * are read as the binding's client reads them before they are judged, and a correct host
 * conforms.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mutationsOf } from "../../generator/values/arbitrary/mutations.js";
import { NegativeArbitraries } from "../../generator/values/arbitrary/negative.js";
import { PositiveArbitraries } from "../../generator/values/arbitrary/positive.js";
import { CHECK_NAMES } from "../../generator/values/checks.js";
import { connect } from "../../generator/conform/connect.js";
import { jsonText } from "../../generator/values/json-text.js";
import { conformPlan } from "../../generator/conform/plan.js";
import { runConformance } from "../../generator/conform/runner.js";
import { compileValidators } from "../../generator/values/validators.js";
import { startHost } from "../../generator/host/index.js";
import { cleanupAfterEach } from "../support/cleanups.js";
import { failOnUnhandledRejections } from "../support/rejection.js";
import { conformJson, failing } from "./support.js";

const cleanups = cleanupAfterEach();
failOnUnhandledRejections();

const CONTRACT = "test/fixtures/int64/contract/rightkit.test.int64.v1.schema.json";
const U64_MAX = 18446744073709551615n;
const I64_MIN = -9223372036854775808n;
const PAST_SAFE = 9007199254740993n;

async function int64Plan() {
  const plan = conformPlan({ contract: CONTRACT });
  const echo = plan.methods.find((method) => method.tool === "int64.echo");
  if (echo === undefined) throw new Error("the int64 contract has no echo");
  const validators = await compileValidators(plan.graph, [echo.params, echo.result], plan.int64);
  const validate = validators.get(echo.params);
  if (validate === undefined) throw new Error("no params validator");
  return { plan, echo, validate };
}

async function int64Host(): Promise<string> {
  const suiteRoot = await cleanups.dir();
  const host = await startHost({ suiteRoot, service: "int64" });
  cleanups.add(() => host.close());
  return suiteRoot;
}

describe("conform's cases in bigint mode", () => {
  it("reads the binding's mode and the client's integer tables", async () => {
    const { plan, echo } = await int64Plan();
    expect(plan.int64).toBe("bigint");
    expect(echo.paramsIntegers?.some((node) => node.int64 === true)).toBe(true);
    expect(echo.resultIntegers?.some((node) => node.int64 === true)).toBe(true);
    expect(conformPlan({ contract: "rightkit.agent.demo.v1" }).methods.every((m) => m.resultIntegers === undefined)).toBe(true);
  });

  it("positive cases hold exact bigints at the 64-bit locations, the extremes among them, and pass the bigint validators", async () => {
    const { plan, echo, validate } = await int64Plan();
    const values = fc.sample(new PositiveArbitraries(plan.graph, plan.int64).of(echo.params), { seed: 7, numRuns: 400 });
    for (const value of values) expect(validate(value).ok, jsonText(value)).toBe(true);
    const records = values as Record<string, unknown>[];
    const ids = records.map((record) => record.id);
    const offsets = records.map((record) => record.offset);
    expect(ids.every((id) => typeof id === "bigint" && id >= 0n && id <= U64_MAX)).toBe(true);
    expect(ids).toContain(U64_MAX);
    expect(ids).toContain(0n);
    expect(ids).toContain(PAST_SAFE);
    expect(offsets).toContain(I64_MIN);
    expect(offsets.some((offset) => typeof offset === "bigint" && offset < 0n)).toBe(true);
    const lists = records.flatMap((record) => (Array.isArray(record.list) ? record.list : []));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((item) => typeof item === "bigint")).toBe(true);
    // A u32 is no 64-bit location: it stays a number.
    const smalls = records.map((record) => record.small).filter((small) => small !== undefined);
    expect(smalls.length).toBeGreaterThan(0);
    expect(smalls.every((small) => typeof small === "number")).toBe(true);
  });

  it("negative cases cross a u64's bounds and its format's range with bigints, and a fraction stays a number", async () => {
    const { plan, echo, validate } = await int64Plan();
    const mutations = mutationsOf(plan.graph, echo.params, plan.int64);
    const at = (description: string) => mutations.find((mutation) => mutation.description === description);
    expect(at("/id: under minimum 0")?.break).toEqual({ kind: "replace", value: -1n });
    expect(at("/id: over the uint64 range")?.break).toEqual({ kind: "replace", value: U64_MAX + 1n });
    expect(at("/offset: under the int64 range")?.break).toEqual({ kind: "replace", value: I64_MIN - 1n });
    expect(at("/offset: over the int64 range")?.break).toEqual({ kind: "replace", value: -I64_MIN });
    expect(at("/id: a fraction where the schema asks for an integer")?.break).toEqual({ kind: "replace", value: 1.5 });
    expect(at("/list/0: over the uint64 range")?.break).toEqual({ kind: "replace", value: U64_MAX + 1n });
    // Each break fails the validator, a format's range too: in bigint mode the validators assert it.
    const negatives = new NegativeArbitraries(plan.graph, new PositiveArbitraries(plan.graph, plan.int64));
    for (const mutation of mutations) {
      for (const value of fc.sample(negatives.of(echo.params, mutation), { seed: 3, numRuns: 20 }))
        expect(validate(value).ok, mutation.description).toBe(false);
    }
  });

  it("number mode's mutations hold no bigint and name no format range", async () => {
    const { plan, echo } = await int64Plan();
    const mutations = mutationsOf(plan.graph, echo.params);
    expect(mutations.some((mutation) => mutation.description.endsWith(" range"))).toBe(false);
    expect(mutations.some((mutation) => mutation.break.kind === "replace" && typeof mutation.break.value === "bigint")).toBe(
      false,
    );
    expect(mutations.map((mutation) => mutation.description)).toContain("/id: under minimum 0");
  });
});

describe("conform's JSON text", () => {
  it("writes a bigint as its digits, indented or not, and text without one as JSON.stringify does", () => {
    const value = { id: U64_MAX, list: [I64_MIN, 1], label: "18446744073709551615" };
    expect(jsonText(value)).toBe(`{"id":${U64_MAX},"list":[${I64_MIN},1],"label":"18446744073709551615"}`);
    expect(jsonText(value, 2)).toBe(
      `{\n  "id": ${U64_MAX},\n  "list": [\n    ${I64_MIN},\n    1\n  ],\n  "label": "18446744073709551615"\n}`,
    );
    const plain = { a: [1, "x"], b: null };
    expect(jsonText(plain, 2)).toBe(JSON.stringify(plain, null, 2));
  });
});

describe("conform in bigint mode against the int64 host", () => {
  it("conforms: no failing finding, exit 0, every family of both methods run", async () => {
    const suiteRoot = await int64Host();
    const { run, report } = await conformJson("--contract", CONTRACT, "--suite-root", suiteRoot, "--seed", "1");
    expect(failing(report)).toEqual([]);
    // Not even a warning: the fixture's binding lists invalid_arguments, the one code the host refuses with.
    expect(report.findings).toEqual([]);
    expect(run.code).toBe(0);
    const echo = report.summary.methods["int64.echo"];
    expect(echo?.skipped).toBe(0);
    expect(echo?.results).toBeGreaterThanOrEqual(100);
    expect(echo?.checks.negative_rejected?.cases).toBe(100);
    expect(echo?.checks.response_schema?.cases).toBeGreaterThanOrEqual(100);
    expect(report.summary.methods["int64.extremes"]?.checks.response_schema?.cases).toBeGreaterThanOrEqual(100);
  });

  it("sends u64::MAX, i64::MIN and u64::MAX + 1 as their digits and judges the answers read as bigints", async () => {
    const suiteRoot = await int64Host();
    const plan = conformPlan({ contract: CONTRACT });
    const validators = await compileValidators(
      plan.graph,
      plan.methods.flatMap((method) => [method.params, method.result]),
      plan.int64,
    );
    const connection = await connect(plan, { suiteRoot }, undefined);
    cleanups.add(() => connection.close());
    const written: string[] = [];
    const encode = connection.tap.encode.bind(connection.tap);
    connection.tap.encode = (message: unknown): string => {
      const text = encode(message);
      written.push(text);
      return text;
    };
    const run = await runConformance(plan, connection, validators, {
      seed: 1,
      maxExamples: 100,
      methods: undefined,
      enabled: new Set(CHECK_NAMES),
      strict: false,
      deadlineScale: 1,
      timeBudgetMs: 60_000,
      safety: { includeSideEffects: false, includeWaiting: false },
      given: new Map(),
    });
    expect(run.findings.filter((finding) => finding.severity === "failing")).toEqual([]);
    const echoes = written.filter((line) => line.includes(`"int64.echo"`));
    expect(echoes.some((line) => line.includes(`"id":${U64_MAX}`))).toBe(true);
    expect(echoes.some((line) => line.includes(`"offset":${I64_MIN}`))).toBe(true);
    expect(echoes.some((line) => line.includes(`"id":${U64_MAX + 1n}`))).toBe(true);
    expect(echoes.some((line) => line.includes(`"id":${PAST_SAFE}`))).toBe(true);
  });
});
