import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadlines } from "../support/runtime.js";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Deadlines", () => {
  it("expires each key at its own deadline on a single timer", () => {
    const deadlines = new Deadlines<string>();
    const expired: string[] = [];
    deadlines.add("late", 300, () => expired.push("late"));
    deadlines.add("soon", 100, () => expired.push("soon"));
    deadlines.add("middle", 200, () => expired.push("middle"));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(["soon"]);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(["soon", "middle"]);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(["soon", "middle", "late"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never expires a deleted key, and its timer ends once it fires with nothing due", () => {
    const deadlines = new Deadlines<number>();
    const expire = vi.fn();
    deadlines.add(1, 100, expire);
    deadlines.add(2, 100, expire);
    deadlines.delete(1);
    deadlines.delete(2);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    vi.advanceTimersByTime(1000);
    expect(expire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an idle timer is reused by the next call, and a sooner deadline still re-arms it", () => {
    const deadlines = new Deadlines<number>();
    const expired: number[] = [];
    deadlines.add(1, 100, () => expired.push(1));
    deadlines.delete(1);
    deadlines.add(2, 300, () => expired.push(2));
    deadlines.add(3, 50, () => expired.push(3));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    expect(expired).toEqual([3]);
    vi.advanceTimersByTime(250);
    expect(expired).toEqual([3, 2]);
  });

  it("clear() forgets everything and its timer", () => {
    const deadlines = new Deadlines<number>();
    const expire = vi.fn();
    deadlines.add(1, 50, expire);
    deadlines.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(expire).not.toHaveBeenCalled();
  });

  it("keeps no process alive while nothing is due (real timers)", () => {
    vi.useRealTimers();
    const held = (): number => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const before = held();
    const deadlines = new Deadlines<number>();
    deadlines.add(1, 60_000, () => {});
    expect(held()).toBe(before + 1);
    deadlines.delete(1);
    expect(held()).toBe(before);
    deadlines.add(2, 60_000, () => {});
    expect(held()).toBe(before + 1);
    deadlines.clear();
    expect(held()).toBe(before);
  });

  it("keeps a deadline beyond the largest setTimeout delay: the capped timer re-arms until it is due", () => {
    const deadlines = new Deadlines<number>();
    const expire = vi.fn();
    const maxTimer = 2_147_483_647;
    deadlines.add(1, maxTimer + 5_000, expire);
    vi.advanceTimersByTime(maxTimer);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(expire).toHaveBeenCalledOnce();
  });
});
