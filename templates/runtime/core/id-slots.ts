const FIRST_CAPACITY = 64;

/**
 * Values keyed by the ids one connection hands out (1, 2, 3, …), for the calls in flight on it.
 * Not a Map: a long-lived Map that takes and drops a key per call is rebuilt again and again,
 * and V8 links each discarded table to its successor, so every call's promise and answer stay
 * reachable from old garbage until a full collection. Here an id has a slot by its low bits in
 * two arrays that are written in place and never rebuilt except to grow; a call still in flight
 * when a much newer id needs its slot (one slow call among many fast ones) moves to a small
 * Map of stragglers, which only such calls ever touch.
 */
export class IdSlots<V> {
  /** The id held in each slot; 0 when the slot is free (ids start at 1). */
  #ids: number[] = new Array<number>(FIRST_CAPACITY).fill(0);
  #values: (V | undefined)[] = new Array<V | undefined>(FIRST_CAPACITY).fill(undefined);
  #mask = FIRST_CAPACITY - 1;
  #inSlots = 0;
  #stragglers: Map<number, V> | undefined;

  get size(): number {
    return this.#inSlots + (this.#stragglers?.size ?? 0);
  }

  get(id: number): V | undefined {
    const slot = id & this.#mask;
    if (this.#ids[slot] === id) return this.#values[slot];
    return this.#stragglers?.get(id);
  }

  /** `id` must not be held already, and must be a positive integer. */
  set(id: number, value: V): void {
    let slot = id & this.#mask;
    const holder = this.#ids[slot] as number;
    if (holder !== 0) {
      if (this.#inSlots * 2 >= this.#ids.length) {
        // Busy enough that collisions are the many calls in flight, not one slow one: more slots.
        this.#grow();
        this.set(id, value);
        return;
      }
      (this.#stragglers ??= new Map()).set(holder, this.#values[slot] as V);
      this.#inSlots -= 1;
      slot = id & this.#mask;
    }
    this.#ids[slot] = id;
    this.#values[slot] = value;
    this.#inSlots += 1;
  }

  /** True when `id` was held. */
  delete(id: number): boolean {
    const slot = id & this.#mask;
    if (this.#ids[slot] === id) {
      this.#ids[slot] = 0;
      this.#values[slot] = undefined;
      this.#inSlots -= 1;
      return true;
    }
    return this.#stragglers?.delete(id) ?? false;
  }

  values(): V[] {
    const values: V[] = [];
    for (let slot = 0; slot < this.#ids.length; slot++) {
      if (this.#ids[slot] !== 0) values.push(this.#values[slot] as V);
    }
    if (this.#stragglers !== undefined) values.push(...this.#stragglers.values());
    return values;
  }

  clear(): void {
    this.#ids.fill(0);
    this.#values.fill(undefined);
    this.#inSlots = 0;
    this.#stragglers = undefined;
  }

  #grow(): void {
    const ids = this.#ids;
    const values = this.#values;
    const capacity = ids.length * 2;
    this.#ids = new Array<number>(capacity).fill(0);
    this.#values = new Array<V | undefined>(capacity).fill(undefined);
    this.#mask = capacity - 1;
    this.#inSlots = 0;
    for (let slot = 0; slot < ids.length; slot++) {
      const id = ids[slot] as number;
      if (id !== 0) this.set(id, values[slot] as V);
    }
  }
}
