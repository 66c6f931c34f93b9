/**
 * `rightkit-bindgen conform [--contract FILE|ID] (--suite-root DIR | --server CMD) …`: property-
 * based contract testing of a live host (generator/conform/). Everything the run needs is
 * checked before the host is reached; nothing is written until the run is over, and then each
 * file whole. Exit 0 conforms, 1 violations (or a stale baseline entry, or a replay that shows its
 * failure again), 2 bad input or a host that cannot be reached.
 */
import { baselineText, readBaseline, staleEntries, type Baseline } from "../conform/baseline.js";
import { CHECK_NAMES } from "../values/checks.js";
import { connect, type Connection } from "../conform/connect.js";
import { conformPlan, type ConformPlan } from "../conform/plan.js";
import { Redactor } from "../values/redact.js";
import { jsonText } from "../values/json-text.js";
import { renderJunit } from "../values/render-junit.js";
import { renderText } from "../values/render-text.js";
import { readReplayFile, replay } from "../conform/replay.js";
import { buildReport } from "../conform/report.js";
import { runConformance } from "../conform/runner.js";
import { compileValidators, type Validate } from "../values/validators.js";
import { BindgenError } from "../errors.js";
import { terminalLine } from "../terminal.js";
import { checkWritableFile, writeFileWhole } from "../output/file-door.js";
import { conformOptions, type ConformOptions } from "./conform-options.js";
import { EXIT, type Io } from "./exit.js";

export async function runConform(args: readonly string[], io: Io): Promise<number> {
  const options = conformOptions(args);
  const plan = conformPlan({ contract: options.contract });
  checkNames(plan, options);
  for (const file of [options.junit, options.updateBaseline ? options.baseline : undefined])
    if (file !== undefined) checkWritableFile(file);
  const baseline = options.baseline === undefined || options.updateBaseline ? undefined : readBaseline(options.baseline, plan.id);
  const saved = options.replay === undefined ? undefined : readReplayFile(options.replay);
  const validators = await compileValidators(
    plan.graph,
    [
      ...plan.methods.flatMap((method) => [method.params, method.result]),
      ...(plan.transport.kind === "jsonrpc-stdio" && plan.transport.ready !== undefined ? [plan.transport.ready.params] : []),
    ],
    plan.int64,
  );
  const ready =
    plan.transport.kind === "jsonrpc-stdio" && plan.transport.ready !== undefined
      ? validators.get(plan.transport.ready.params)
      : undefined;
  const connection = await connect(plan, { suiteRoot: options.suiteRoot, server: options.server }, ready);
  const redactor = new Redactor(options.values);
  try {
    if (saved !== undefined) return await replayAll(plan, connection, validators, saved, options, io, redactor);
    return await conformRun(plan, connection, validators, options, baseline, io, redactor);
  } finally {
    await connection.close();
  }
}

async function conformRun(
  plan: ConformPlan,
  connection: Connection,
  validators: ReadonlyMap<string, Validate>,
  options: ConformOptions,
  baseline: Baseline | undefined,
  io: Io,
  redactor: Redactor,
): Promise<number> {
  const enabled = options.checks === undefined ? CHECK_NAMES : CHECK_NAMES.filter((check) => options.checks?.includes(check));
  const progress = io.progress;
  const run = await runConformance(plan, connection, validators, {
    seed: options.seed,
    maxExamples: options.maxExamples,
    methods: options.methods === undefined ? undefined : new Set(options.methods),
    enabled: new Set(enabled),
    strict: options.strict,
    deadlineScale: options.deadlineScale,
    timeBudgetMs: options.timeBudgetMs,
    safety: { includeSideEffects: options.includeSideEffects, includeWaiting: options.includeWaiting },
    given: options.values,
    ...(progress === undefined
      ? {}
      : {
          onCase: (method: string, cases: number, failing: number) =>
            progress(`conform: ${method}: ${cases} cases, ${failing} failing so far`),
        }),
  });
  progress?.("");
  for (const step of run.findings.flatMap((finding) => finding.steps)) redactor.learn(step.params, step.method.sensitiveParams);
  const facts = {
    plan,
    target: connection.shown,
    seed: options.seed,
    maxExamples: options.maxExamples,
    strict: options.strict,
    deadlineScale: options.deadlineScale,
    validators,
    enabled,
    baseline: baseline === undefined ? undefined : new Set(baseline.entries.map((entry) => entry.fingerprint)),
    stale: [],
  };
  const first = buildReport(run, facts);
  const report = baseline === undefined ? first : buildReport(run, { ...facts, stale: staleEntries(baseline, first.findings) });
  // The files first, whole: a report on stdout that says "written" must not precede a failed write.
  if (options.baseline !== undefined && options.updateBaseline)
    writeFileWhole(options.baseline, redactor.text(baselineText(plan.id, report.findings)));
  if (options.junit !== undefined) writeFileWhole(options.junit, redactor.text(renderJunit(report, enabled)));
  if (options.format === "json") io.out(redactor.text(jsonText(report, 2)));
  else for (const line of renderText(report, enabled)) io.out(redactor.text(line.text), line.tone);
  if (options.updateBaseline) return EXIT.ok;
  return report.conforms ? EXIT.ok : EXIT.drift;
}

async function replayAll(
  plan: ConformPlan,
  connection: Connection,
  validators: ReadonlyMap<string, Validate>,
  saved: ReturnType<typeof readReplayFile>,
  options: ConformOptions,
  io: Io,
  redactor: Redactor,
): Promise<number> {
  let reproduced = 0;
  const lines: string[] = [];
  for (const finding of saved) {
    const outcome = await replay(plan, connection, validators, finding, options.values, options.deadlineScale);
    if (outcome.outcome === "reproduced") {
      reproduced += 1;
      lines.push(
        `reproduced: ${finding.method} ${finding.check}: ${outcome.judged.message}${outcome.judged.detail === undefined ? "" : ` (the host said: ${outcome.judged.detail})`}`,
      );
    } else lines.push(`not reproduced: ${finding.method} ${finding.check}: ${outcome.why}`);
  }
  lines.push(`${reproduced} of ${saved.length} finding${saved.length === 1 ? "" : "s"} reproduced against ${connection.shown}`);
  io.out(redactor.text(lines.map(terminalLine).join("\n")));
  return reproduced > 0 ? EXIT.drift : EXIT.ok;
}

/** --methods and --value must name what the contract has: a typo would silently test nothing. */
function checkNames(plan: ConformPlan, options: ConformOptions): void {
  for (const name of options.methods ?? []) {
    if (!plan.methods.some((method) => method.tool === name || method.name === name)) {
      throw new BindgenError("bad_argument", `--methods: ${plan.id} has no method ${JSON.stringify(name)}`);
    }
  }
  for (const name of options.values.keys()) {
    if (!plan.links.some((link) => link.name === name)) {
      const known = plan.links.map((link) => link.name).join(", ") || "none";
      throw new BindgenError(
        "bad_argument",
        `--value: ${plan.id}'s binding has no link ${JSON.stringify(name)} (its links: ${known})`,
      );
    }
  }
}
