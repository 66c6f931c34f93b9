/**
 * How the mock answers one call, whatever the contract: params judged by the contract's own
 * validators, then a `--scenario` error, then the lifecycle rules, then a result — the result
 * schema's first example, else a value drawn from it by the generators `conform` uses, under a
 * seed made from `--seed`, the method and the params. Every result is judged by its own validator
 * before it leaves: one the mock cannot make valid is the mock's bug (MockBug), never sent.
 */
import fc from "fast-check";
import { canonicalJson, isJsonObject, type Pointer } from "../json.js";
import { PositiveArbitraries } from "../values/arbitrary/positive.js";
import { locate } from "../values/arbitrary/reading.js";
import { invalidArgumentsCode, notServedCode } from "../values/error-model.js";
import { mix } from "../values/links.js";
import type { Issue, Validate } from "../values/validators.js";
import { LinkLedger } from "../values/ledger.js";
import type { MockMethod, MockPlan } from "./plan.js";
import type { ErrorScenarios } from "./scenarios.js";

export type MockAnswer =
  | { readonly ok: true; readonly result: unknown }
  | {
      readonly ok: false;
      /** As the error model spells it: a string code, or a JSON-RPC number. */
      readonly code: string | number;
      readonly message: string;
      /** The validator's issues, on the invalid-arguments error only. */
      readonly issues?: readonly Issue[];
    };

/** A mock that would answer outside its own contract: the caller stops serving (exit 3). */
export class MockBug extends Error {
  override readonly name = "MockBug";
}

/** Draws tried per answer before the mock gives up on its own result schema. */
const MAX_DRAWS = 200;

export interface MockOptions {
  readonly seed: number;
  readonly scenarios: ErrorScenarios;
}

export class MockAnswers {
  readonly #plan: MockPlan;
  readonly #validators: ReadonlyMap<Pointer, Validate>;
  readonly #options: MockOptions;
  readonly #values: PositiveArbitraries;
  readonly #ledger: LinkLedger;
  readonly #byTool: ReadonlyMap<string, MockMethod>;

  constructor(plan: MockPlan, validators: ReadonlyMap<Pointer, Validate>, options: MockOptions) {
    this.#plan = plan;
    this.#validators = validators;
    this.#options = options;
    this.#values = new PositiveArbitraries(plan.graph, plan.int64);
    this.#ledger = new LinkLedger(plan);
    this.#byTool = new Map(plan.methods.map((method) => [method.tool, method]));
  }

  answer(tool: string, params: unknown): MockAnswer {
    const method = this.#byTool.get(tool);
    if (method === undefined) return { ok: false, code: notServedCode(this.#plan.errors), message: `Method not found: ${tool}` };
    const verdict = this.#validate(method.params, params);
    if (!verdict.ok) {
      return {
        ok: false,
        code: invalidArgumentsCode(this.#plan.errors),
        message: `invalid params for ${tool}: ${issueText(verdict.issues[0])}`,
        issues: verdict.issues,
      };
    }
    const scripted = this.#options.scenarios.get(tool);
    if (scripted !== undefined) return { ok: false, code: scripted, message: `${tool} answers ${scripted} (--scenario)` };
    const refused = this.#ledger.refusal(method, params);
    if (refused !== undefined) return { ok: false, code: refused.code, message: refused.message };
    const result = this.#result(method, params);
    this.#ledger.record(method, params, result);
    return { ok: true, result };
  }

  /**
   * The params of the binding's ready notification, when it declares one: drawn as a result is,
   * its version field set to the version the binding expects (a client compares the major).
   */
  ready(): { readonly method: string; readonly params: unknown } | undefined {
    const transport = this.#plan.transport;
    if (transport.kind !== "jsonrpc-stdio" || transport.ready === undefined) return undefined;
    const { notification, params, versionField, version } = transport.ready;
    const arbitrary = this.#values.of(params);
    const seed = mix(`${this.#options.seed}\u0000${notification}`) | 0;
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const [drawn] = fc.sample(arbitrary, { seed: seed + draw, numRuns: 1 });
      const candidate = this.#plan.int64 === "number" ? jsonRoundTrip(drawn) : drawn;
      const versioned =
        versionField !== undefined && version !== undefined && isJsonObject(candidate)
          ? { ...candidate, [versionField]: version }
          : candidate;
      if (this.#validate(params, versioned).ok) return { method: notification, params: versioned };
    }
    throw new MockBug(`${notification}: no value drawn from its params schema passed its own validator (${MAX_DRAWS} draws)`);
  }

  /**
   * The result for this call: the schema's first example, else the first draw its validator
   * accepts, preferring one that issues a value for every link the method is the source of (an
   * empty list of apps would leave the methods it feeds nothing to take).
   */
  #result(method: MockMethod, params: unknown): unknown {
    const located = locate(this.#plan.graph, method.result);
    const examples = located.schema === false ? undefined : located.schema.examples;
    if (Array.isArray(examples) && examples.length > 0) {
      const example = this.#enveloped(examples[0]);
      const verdict = this.#validate(method.result, example);
      if (!verdict.ok) throw new MockBug(`${method.tool}: the result schema's first example fails its own validator`);
      return example;
    }
    const seed = mix(`${this.#options.seed}\u0000${method.tool}\u0000${canonicalJson(params)}`) | 0;
    const arbitrary = this.#values.of(method.result);
    let valid: unknown;
    let found = false;
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const [drawn] = fc.sample(arbitrary, { seed: seed + draw, numRuns: 1 });
      const candidate = this.#enveloped(this.#plan.int64 === "number" ? jsonRoundTrip(drawn) : drawn);
      if (!this.#validate(method.result, candidate).ok) continue;
      if (this.#ledger.issuesEveryLink(method, candidate)) return candidate;
      if (!found) [valid, found] = [candidate, true];
    }
    if (found) return valid;
    throw new MockBug(`${method.tool}: no value drawn from its result schema passed its own validator (${MAX_DRAWS} draws)`);
  }

  /** With the binding's ok envelope, a result says `ok: true`: `ok: false` is a failure callers must handle. */
  #enveloped(value: unknown): unknown {
    return this.#plan.okEnvelope && isJsonObject(value) ? { ...value, ok: true } : value;
  }

  #validate(at: Pointer, value: unknown): ReturnType<Validate> {
    const validate = this.#validators.get(at);
    if (validate === undefined) throw new MockBug(`no validator was compiled for ${at}`);
    return validate(value);
  }
}

/** Every schema the mock judges by: each method's params and result, and the ready notification's params. */
export function judgedSchemas(plan: MockPlan): Pointer[] {
  return [
    ...plan.methods.flatMap((method) => [method.params, method.result]),
    ...(plan.transport.kind === "jsonrpc-stdio" && plan.transport.ready !== undefined ? [plan.transport.ready.params] : []),
  ];
}

/** The first issue, for a message: where (the params themselves when at the root) and what. */
function issueText(issue: Issue | undefined): string {
  if (issue === undefined) return "rejected";
  return `${issue.instancePath === "" ? "(the params)" : issue.instancePath}: ${issue.message}`;
}

/** What a value is once written and read as JSON (-0 becomes 0; nothing else a generator makes changes). */
function jsonRoundTrip(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
