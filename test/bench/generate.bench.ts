/**
 * bench:generate — wall time of whole `rightkit-bindgen` processes (start-up included), on the
 * embedded contract and on synthetic contracts of 50, 100 and 200 methods, to show growth.
 * Three runs each; the median is printed. Not a test: nothing here asserts a time.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const BIN = resolve("generator/bin/rightkit-bindgen.js");
const RUNS = 3;

function syntheticContract(methods: number): object {
  const defs: Record<string, unknown> = {
    token: { type: "string", description: "Opaque session token." },
    status: { type: "string", enum: ["ok", "pending", "failed"] },
    item: {
      type: "object",
      properties: { id: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
      required: ["id"],
    },
  };
  for (let i = 0; i < methods; i++) {
    defs[`method${i}`] = {
      params: {
        type: "object",
        properties: {
          token: { $ref: "#/$defs/token" },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          filter: { type: "string", pattern: "^[a-z]+$" },
        },
        required: ["token"],
      },
      result: {
        type: "object",
        properties: {
          status: { $ref: "#/$defs/status" },
          items: { type: "array", items: { $ref: "#/$defs/item" } },
          entries: {
            type: "array",
            items: {
              type: "object",
              properties: { key: { type: "string" }, value: { type: ["number", "null"] } },
              required: ["key"],
            },
          },
        },
        required: ["status", "items"],
      },
    };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `bench.synthetic${methods}.v1`,
    $defs: defs,
  };
}

function time(args: string[], cwd: string): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  return ms;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function measure(label: string, setup: (dir: string) => string[]): void {
  const firstWrite: number[] = [];
  const unchanged: number[] = [];
  const check: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), "bindgen-bench-"));
    const args = setup(dir);
    firstWrite.push(time(["generate", ...args], dir));
    unchanged.push(time(["generate", ...args], dir));
    check.push(time(["check", ...args], dir));
    rmSync(dir, { recursive: true, force: true });
  }
  const row = [label, median(firstWrite), median(unchanged), median(check)];
  console.log(
    `${String(row[0]).padEnd(24)} ${row
      .slice(1)
      .map((ms) => `${Math.round(ms as number)} ms`.padStart(16))
      .join("")}`,
  );
}

console.log(`rightkit-bindgen whole-process wall time, median of ${RUNS} (node ${process.version})`);
console.log(`${"contract".padEnd(24)}${"generate (write)".padStart(16)}${"generate (same)".padStart(16)}${"check".padStart(16)}`);
measure("embedded (6 methods)", (dir) => {
  cpSync("contract", join(dir, "contract"), { recursive: true });
  return [];
});
for (const methods of [50, 100, 200]) {
  measure(`synthetic ${methods} methods`, (dir) => {
    writeFileSync(join(dir, "contract.json"), JSON.stringify(syntheticContract(methods)));
    return ["--contract", "contract.json"];
  });
}
