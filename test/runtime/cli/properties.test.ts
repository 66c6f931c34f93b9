/**
 * Property tests: any params object the schema allows (with the declared top-level keys, the
 * only ones the CLI takes) survives being written as key=value pairs or as one JSON object;
 * random argv only ever fails with invalid_arguments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLI_TABLE,
  parseDemoArgs,
  runDemoCli,
  ToolError,
  validateActParams,
  validateAppsParams,
  validateBatchParams,
  validateEndParams,
  validateRequestParams,
  validateSnapshotParams,
} from "../../../generated/rightkit.agent.demo.v1/index.js";
import { splitCliOptions } from "../../support/runtime.js";

/** Fixed, so CI runs are reproducible; change it (or drop it locally) to explore further. */
const SEED = 20261130;

/** Strings that look like something else are where the rules bite. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom(
    "",
    "1e3",
    "true",
    "null",
    "5",
    "-0",
    '"quoted"',
    "{}",
    "[1]",
    "=",
    "a=b",
    "--help",
    "-h",
    " {",
    "--",
    '{"a":1}',
  ),
  fc.json(),
);
const op = fc.constantFrom("click", "type", "press");
/** The schema allows undeclared keys inside a step; they travel as JSON. */
const step = fc
  .tuple(
    fc.record({ ref: text, op, text, key: text }, { requiredKeys: ["ref", "op"] }),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
  )
  .map(([declared, extra]) => ({ ...extra, ...declared }));

const PARAMS = {
  act: fc
    .record({ token: text, ref: text, op, text, key: text }, { requiredKeys: ["token", "ref", "op"] })
    .filter((p) => validateActParams(p).ok),
  apps: fc.constant({}).filter((p) => validateAppsParams(p).ok),
  batch: fc
    .record({ token: text, steps: fc.array(step, { minLength: 1, maxLength: 20 }) })
    .filter((p) => validateBatchParams(p).ok),
  end: fc.record({ token: text }).filter((p) => validateEndParams(p).ok),
  request: fc.record({ app: text, agent_name: text }).filter((p) => validateRequestParams(p).ok),
  snapshot: fc.record({ token: text }).filter((p) => validateSnapshotParams(p).ok),
} as const;

type Method = keyof typeof PARAMS;
const METHODS = Object.keys(PARAMS) as Method[];

/** A tool, its name as typed (short or full) and params the schema allows. */
const call = fc.constantFrom(...METHODS).chain((method) =>
  fc.record({
    method: fc.constant(method),
    name: fc.constantFrom(method, `demo.${method}`),
    params: PARAMS[method] as fc.Arbitrary<Record<string, unknown>>,
    rawWhereSafe: fc.boolean(),
  }),
);

const isJson = (value: string): boolean => {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * `key=value` as a person would write it: verbatim keys as the bare string; other strings
 * bare when they do not parse as JSON (else they would change type), JSON-quoted otherwise.
 */
function pair(key: string, value: unknown, rawWhereSafe: boolean): string {
  if (CLI_TABLE.verbatimKeys.includes(key)) {
    expect(typeof value).toBe("string");
    return `${key}=${value as string}`;
  }
  if (rawWhereSafe && typeof value === "string" && !isJson(value)) return `${key}=${value}`;
  return `${key}=${JSON.stringify(value)}`;
}

describe("params the schema allows parse back to the same object", () => {
  it("written as key=value pairs, in any order", () => {
    fc.assert(
      fc.property(call, fc.infiniteStream(fc.nat()), ({ method, name, params, rawWhereSafe }, order) => {
        const pairs = Object.entries(params).map(([key, value]) => pair(key, value, rawWhereSafe));
        const shuffled = [...pairs];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (order.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
        }
        expect(parseDemoArgs([name, ...shuffled])).toEqual({ tool: `demo.${method}`, method, params });
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it("written as one JSON object", () => {
    fc.assert(
      fc.property(call, ({ method, name, params }) => {
        expect(parseDemoArgs([name, JSON.stringify(params)])).toEqual({ tool: `demo.${method}`, method, params });
      }),
      { numRuns: 400, seed: SEED },
    );
  });

  it("through runDemoCli --dry-run, with options anywhere among the pairs", async () => {
    const options = fc.shuffledSubarray([["--dry-run"], ["--timeout", "5"], ["--suite-root=/nowhere/suite"]], {
      minLength: 3,
      maxLength: 3,
    });
    await fc.assert(
      fc.asyncProperty(
        call,
        options,
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        async ({ method, name, params }, opts, at) => {
          // Options go in whole (`--timeout 5` stays together), anywhere, even before the tool name.
          const units = [[name], ...Object.entries(params).map(([key, value]) => [pair(key, value, false)])];
          opts.forEach((option, i) => units.splice((at[i] as number) % (units.length + 1), 0, option));
          const argv = units.flat();
          const out: string[] = [];
          const err: string[] = [];
          const code = await runDemoCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line), env: {} });
          expect([code, err]).toEqual([0, []]);
          // The output is JSON text, where -0 is written 0: compare with what JSON can carry. The token is redacted.
          const carried = JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
          if (Object.hasOwn(carried, "token")) carried["token"] = "<redacted>";
          expect(out.map((line) => JSON.parse(line) as unknown)).toEqual([{ tool: `demo.${method}`, params: carried }]);
        },
      ),
      { numRuns: 200, seed: SEED },
    );
  });
});

describe("random argv", () => {
  const word = fc.oneof(
    fc.string(),
    fc.constantFrom(...METHODS, ...METHODS.map((m) => `demo.${m}`)),
    fc.constantFrom(
      "--",
      "--help",
      "-h",
      "--suite-root",
      "--timeout",
      "--tools",
      "--dry-run",
      "--x",
      "=",
      "=x",
      "{",
      "[",
      "{}",
      "[]",
      "null",
      "42",
    ),
    fc
      .tuple(
        fc.constantFrom("token", "ref", "op", "steps", "text", "key", "app", "agent_name", "__proto__", ""),
        fc.oneof(fc.string(), fc.json()),
      )
      .map(([k, v]) => `${k}=${v}`),
    fc.json(),
  );

  /** A refusal as the CLI gives it: invalid_arguments, the problem on one line, then a usage line. */
  function expectInvalidArguments(error: unknown): void {
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe("invalid_arguments");
    expect((error as ToolError).message).toMatch(/^[^\n]+\nusage: right-ctl demo [^\n]*$/);
  }

  /** Whether `part` is `whole` with some words taken out, the rest in order. */
  function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
    let at = 0;
    for (const word of whole) if (at < part.length && part[at] === word) at++;
    return at === part.length;
  }

  it("parses to a call the contract accepts, or fails with invalid_arguments naming the problem and giving a usage line", () => {
    // Both outcomes are asserted, and the run must reach both for each parser: a run that only
    // ever threw (or never did) would hold nothing about the other outcome.
    const reached = { parsed: 0, refused: 0, split: 0, splitRefused: 0 };
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), (argv) => {
        let call: ReturnType<typeof parseDemoArgs> | undefined;
        try {
          call = parseDemoArgs(argv);
        } catch (error) {
          expectInvalidArguments(error);
          reached.refused++;
        }
        if (call !== undefined) {
          const tool = CLI_TABLE.tools.find((one) => one.tool === call.tool);
          expect(tool?.method).toBe(call.method);
          expect([call.method, call.tool]).toContain(argv[0]);
          expect(tool?.validate(call.params).ok).toBe(true);
          reached.parsed++;
        }
        let split: ReturnType<typeof splitCliOptions> | undefined;
        try {
          split = splitCliOptions(CLI_TABLE, argv);
        } catch (error) {
          expectInvalidArguments(error);
          reached.splitRefused++;
        }
        if (split !== undefined) {
          // What is not an option stays, in order; the flags are set exactly when given.
          expect(isSubsequence(split.args, argv)).toBe(true);
          const beforeEnd = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
          expect(split.options.dryRun).toBe(beforeEnd.includes("--dry-run"));
          expect(split.options.tools).toBe(beforeEnd.includes("--tools"));
          reached.split++;
        }
      }),
      { numRuns: 2000, seed: SEED },
    );
    expect(Math.min(...Object.values(reached)), JSON.stringify(reached)).toBeGreaterThan(0);
  });

  it("through runDemoCli --dry-run: exit 0 with one line on out, or exit 2 with one error line on err", async () => {
    const reached = { help: 0, tools: 0, call: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(word, { maxLength: 6 }), async (words) => {
        const out: string[] = [];
        const err: string[] = [];
        // --dry-run last: a parse that succeeds prints and never connects (after `--` it is a bare word, refused).
        const code = await runDemoCli([...words, "--dry-run"], {
          out: (line) => out.push(line),
          err: (line) => err.push(line),
          env: { RIGHTKIT_SUITE_ROOT: "/nonexistent/rightkit-suite" },
        });
        if (code === 0) {
          expect([out.length, err]).toEqual([1, []]);
          // What is printed is decided by the flags given before any `--`: help, then the tool list, then the call.
          const flags = words.includes("--") ? words.slice(0, words.indexOf("--")) : words;
          const line = out[0] as string;
          if (flags.includes("--help") || flags.includes("-h")) {
            expect(line).toMatch(/^usage: right-ctl demo /);
            reached.help++;
          } else if (flags.includes("--tools")) {
            expect((JSON.parse(line) as { name: string }[]).map((tool) => tool.name)).toEqual(CLI_TABLE.tools.map((t) => t.tool));
            reached.tools++;
          } else {
            expect(JSON.parse(line)).toMatchObject({ tool: expect.stringMatching(/^demo\./), params: expect.any(Object) });
            reached.call++;
          }
        } else {
          expect([code, out, err.length]).toEqual([2, [], 1]);
          expect(JSON.parse(err[0] as string)).toMatchObject({ error: { code: "invalid_arguments", retryable: false } });
          reached.refused++;
        }
      }),
      { numRuns: 500, seed: SEED },
    );
    expect(Math.min(...Object.values(reached)), JSON.stringify(reached)).toBeGreaterThan(0);
  });
});
