import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadlines } from "../../support/runtime.js";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Deadlines", () => {
  it("expires each key at its own deadline on a single timer", () => {
    const expired: string[] = [];
    const deadlines = new Deadlines<string>((key) => expired.push(key));
    deadlines.add("late", 300);
    deadlines.add("soon", 100);
    deadlines.add("middle", 200);
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
    const expire = vi.fn();
    const deadlines = new Deadlines<number>(expire);
    const one = deadlines.add(1, 100);
    const two = deadlines.add(2, 100);
    deadlines.delete(one);
    deadlines.delete(two);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    vi.advanceTimersByTime(1000);
    expect(expire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an idle timer is reused by the next call, and a sooner deadline still re-arms it", () => {
    const expired: number[] = [];
    const deadlines = new Deadlines<number>((key) => expired.push(key));
    deadlines.delete(deadlines.add(1, 100));
    deadlines.add(2, 300);
    deadlines.add(3, 50);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    expect(expired).toEqual([3]);
    vi.advanceTimersByTime(250);
    expect(expired).toEqual([3, 2]);
  });

  it("clear() forgets everything and its timer", () => {
    const expire = vi.fn();
    const deadlines = new Deadlines<number>(expire);
    deadlines.add(1, 50);
    deadlines.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(expire).not.toHaveBeenCalled();
  });

  it("keeps no process alive while nothing is due (real timers)", () => {
    vi.useRealTimers();
    const held = (): number => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const before = held();
    const deadlines = new Deadlines<number>(() => {});
    const first = deadlines.add(1, 60_000);
    expect(held()).toBe(before + 1);
    deadlines.delete(first);
    expect(held()).toBe(before);
    deadlines.add(2, 60_000);
    expect(held()).toBe(before + 1);
    deadlines.clear();
    expect(held()).toBe(before);
  });

  it("keeps a deadline beyond the largest setTimeout delay: the capped timer re-arms until it is due", () => {
    const expire = vi.fn();
    const deadlines = new Deadlines<number>(expire);
    const maxTimer = 2_147_483_647;
    deadlines.add(1, maxTimer + 5_000);
    vi.advanceTimersByTime(maxTimer);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(expire).toHaveBeenCalledOnce();
  });

  it("deletes from the front, the middle and the end in any order, and lists what is left oldest first", () => {
    const expired: number[] = [];
    const deadlines = new Deadlines<number>((key) => expired.push(key));
    const entries = [1, 2, 3, 4, 5].map((key) => deadlines.add(key, 100));
    deadlines.delete(entries[2]!);
    deadlines.delete(entries[0]!);
    deadlines.delete(entries[4]!);
    deadlines.delete(entries[2]!);
    expect(deadlines.keys()).toEqual([2, 4]);
    expect(deadlines.size).toBe(2);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual([2, 4]);
    expect(deadlines.size).toBe(0);
    deadlines.delete(entries[1]!);
    expect(deadlines.keys()).toEqual([]);
  });

  it("an entry that expired or was deleted holds no neighbour, so nothing it once pointed at stays reachable through it", () => {
    const deadlines = new Deadlines<number>(() => {});
    const [first, second, third] = [1, 2, 3].map((key) => deadlines.add(key, 100));
    deadlines.delete(second!);
    expect(second).toMatchObject({ pending: false, previous: undefined, next: undefined });
    expect(first!.next).toBe(third);
    vi.advanceTimersByTime(100);
    for (const entry of [first, third]) expect(entry).toMatchObject({ pending: false, previous: undefined, next: undefined });
  });
});
