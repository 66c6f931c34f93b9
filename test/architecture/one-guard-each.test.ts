/**
 * One of each small guard in the generator (issue 36): the exhaustiveness check `assertNever`
 * (generator/errors.ts), imported wherever a switch over a union must be proven whole, and the
 * object guard `isJsonObject` (generator/json.ts). The generated runtime has its own of each
 * (templates/runtime/core/): it may import nothing of the generator.
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

it("declares the object guard once in the generator, and once in the runtime", () => {
  const guard = /typeof (\w+) === "object" && \1 !== null && !Array\.isArray\(\1\);?\n\}/;
  const declaring = [...sources("generator"), ...sources("templates/runtime")].filter((path) =>
    guard.test(readFileSync(path, "utf8")),
  );
  expect(declaring.sort()).toEqual(["generator/json.ts", "templates/runtime/core/json.ts"]);
});
