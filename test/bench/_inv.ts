import { benchCases } from "./validator-cases.js";
const { cases } = benchCases();
let sink = 0;
function round(check: (v: unknown) => unknown, payloads: readonly unknown[]) {
  let ops = 0; const s = performance.now(); const c = process.cpuUsage(); let at = 0;
  while (performance.now() - s < 150) { for (let i = 0; i < 100; i++) { if (check(payloads[at])) sink++; at = at + 1 === payloads.length ? 0 : at + 1; } ops += 100; }
  const u = process.cpuUsage(c); return (u.user + u.system) * 1000 / ops;
}
for (const c of cases.filter((c) => !c.valid)) {
  for (const f of [c.ours, c.ajv]) for (let i = 0; i < 20000; i++) f(c.payloads[i % c.payloads.length]);
  const r: number[] = [];
  for (let k = 0; k < 7; k++) { const o = round(c.ours, c.payloads); const a = round(c.ajv, c.payloads); r.push(a / o); }
  r.sort((a, b) => a - b);
  console.log(`${c.group}: ${c.name}`.padEnd(60), "ours vs Ajv", r[3]!.toFixed(2), "ns ours", round(c.ours, c.payloads).toFixed(0), "ajv", round(c.ajv, c.payloads).toFixed(0));
}
