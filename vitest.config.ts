import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/build-once.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Forks keep socket and child-process tests isolated from one another. One per core: vitest's
    // own default is one fewer than the cores, which on CI's two is one file at a time.
    pool: "forks",
    maxWorkers: availableParallelism(),
  },
});
