import { describe, expect, it } from "vitest";
import { IdSlots } from "../../../generated/runtime/core/id-slots.js";

describe("IdSlots", () => {
  it("holds, finds and drops values by id, like a Map of the calls in flight", () => {
    const slots = new IdSlots<string>();
    for (let id = 1; id <= 10; id++) slots.set(id, `call ${id}`);
    expect(slots.size).toBe(10);
    expect(slots.get(3)).toBe("call 3");
    expect(slots.get(11)).toBeUndefined();
    expect(slots.delete(3)).toBe(true);
    expect(slots.delete(3)).toBe(false);
    expect(slots.get(3)).toBeUndefined();
    expect(slots.size).toBe(9);
    expect(slots.values().sort()).toEqual([
      "call 1",
      "call 10",
      "call 2",
      "call 4",
      "call 5",
      "call 6",
      "call 7",
      "call 8",
      "call 9",
    ]);
    slots.clear();
    expect(slots.size).toBe(0);
    expect(slots.values()).toEqual([]);
  });

  it("grows when many calls are in flight at once, and keeps every one of them", () => {
    const slots = new IdSlots<number>();
    for (let id = 1; id <= 1000; id++) slots.set(id, id * 2);
    expect(slots.size).toBe(1000);
    for (let id = 1; id <= 1000; id++) expect(slots.get(id)).toBe(id * 2);
    for (let id = 1; id <= 1000; id += 2) slots.delete(id);
    expect(slots.size).toBe(500);
    expect(slots.get(999)).toBeUndefined();
    expect(slots.get(1000)).toBe(2000);
  });

  it("keeps one slow call while thousands of newer ids pass through its slot", () => {
    const slots = new IdSlots<string>();
    slots.set(1, "slow");
    for (let id = 2; id <= 5000; id++) {
      slots.set(id, "fast");
      expect(slots.delete(id)).toBe(true);
    }
    expect(slots.size).toBe(1);
    expect(slots.get(1)).toBe("slow");
    expect(slots.get(65)).toBeUndefined();
    expect(slots.values()).toEqual(["slow"]);
    expect(slots.delete(1)).toBe(true);
    expect(slots.size).toBe(0);
  });

  it("tells ids apart beyond 32 bits, where their low bits coincide", () => {
    const slots = new IdSlots<string>();
    const big = 2 ** 40 + 5;
    slots.set(5, "small");
    slots.set(big, "big");
    expect(slots.get(5)).toBe("small");
    expect(slots.get(big)).toBe("big");
    expect(slots.get(2 ** 41 + 5)).toBeUndefined();
    expect(slots.delete(big)).toBe(true);
    expect(slots.get(5)).toBe("small");
  });
});
