/**
 * One exhaustiveness check for the generator (issue 36): `assertNever` in generator/errors.ts,
 * imported wherever a switch over a union must be proven whole. The generated runtime has its own
 * (templates/runtime/core/never.ts): it may import nothing of the generator.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

it("declares assertNever once in the generator, and once in the runtime", () => {
  const declaring = [...sources("generator"), ...sources("templates/runtime")].filter((path) =>
    /^(?:export )?function assertNever\b/m.test(readFileSync(path, "utf8")),
  );
  expect(declaring.sort()).toEqual(["generator/errors.ts", "templates/runtime/core/never.ts"]);
});
