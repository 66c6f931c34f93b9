import { chmod, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHECK_NAMES } from "../../generator/conform/checks.js";
import { connect } from "../../generator/conform/connect.js";
import { conformPlan } from "../../generator/conform/plan.js";
import { runConformance } from "../../generator/conform/runner.js";
import { compileValidators } from "../../generator/conform/validators.js";
import { startHostProcess } from "./host-process.js";
const suiteRoot = await mkdtemp(join(tmpdir(), "rk-prof-"));
await chmod(suiteRoot, 0o700);
const stop = await startHostProcess(["--suite-root", suiteRoot]);
const plan = conformPlan({ contract: "rightkit.agent.demo.v1" });
const validators = compileValidators(plan.index, plan.methods.flatMap((m) => [m.params, m.result]));
for (let r = 0; r < 6; r++) {
  const connection = await connect(plan, { suiteRoot }, undefined);
  const t = performance.now(); const c = process.cpuUsage();
  await runConformance(plan, connection, validators, { seed: 17, maxExamples: 100, methods: undefined, enabled: new Set(CHECK_NAMES), strict: false, deadlineScale: 1, timeBudgetMs: 600000, safety: { includeSideEffects: true, includeWaiting: true }, given: new Map() });
  const u = process.cpuUsage(c);
  console.log("round", r, (performance.now() - t).toFixed(0), "ms wall", ((u.user + u.system) / 1000).toFixed(0), "ms cpu");
  await connection.close();
}
await stop();
