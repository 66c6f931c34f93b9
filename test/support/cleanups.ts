import { afterEach } from "vitest";
import { privateTempDir } from "./host.js";

export type Cleanups = {
  /** Undone after the test, newest first: clients before the hosts they talk to, hosts before their directories. */
  add(cleanup: () => Promise<void>): void;
  /** A fresh private (0700) directory, removed after the test. */
  dir(): Promise<string>;
  /** Undoes everything added so far now, for a test that must check what is left afterwards. */
  runAll(): Promise<void>;
};

/** Call once at the top of a test file: everything a test adds is undone in its afterEach. */
export function cleanupAfterEach(): Cleanups {
  const pending: (() => Promise<void>)[] = [];
  const runAll = async (): Promise<void> => {
    for (const cleanup of pending.splice(0).reverse()) await cleanup();
  };
  afterEach(runAll);
  return {
    add: (cleanup) => {
      pending.push(cleanup);
    },
    dir: async () => {
      const temp = await privateTempDir();
      pending.push(temp.remove);
      return temp.dir;
    },
    runAll,
  };
}
