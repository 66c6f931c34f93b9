/// <reference types="node" />
// setTimeout fires immediately (with a warning) for delays above 2^31-1 ms, which would turn
// a generous timeout into an instant one.
const MAX_TIMER_MS = 2_147_483_647;

/** One pending deadline: what `add` returns and `delete` takes. Its fields are the list's own. */
export type Deadline<K> = {
  readonly key: K;
  readonly at: number;
  /** Neighbours in the list while pending; both undefined once it expired or was deleted. */
  previous: Deadline<K> | undefined;
  next: Deadline<K> | undefined;
  pending: boolean;
};

/**
 * Deadlines for many calls on one timer. A timer per call made timers the largest cost of a
 * busy connection; here adding and settling a call only links or unlinks an entry, and the one
 * timer is re-armed only when a sooner deadline arrives or the earliest one passes. When
 * nothing is due the timer is unref'd rather than cleared, so an idle connection keeps no
 * process alive, and sequential calls (each one alone in the list) do not pay for a setTimeout
 * and a clearTimeout each: the next call refs it again, and a timer firing with nothing due
 * simply ends.
 *
 * The entries form a linked list, not a Map: a long-lived Map that takes and drops a key per
 * call is rebuilt again and again, and V8 links each discarded table to its successor, so every
 * call's promise and answer lingered until a full collection (half the young generation
 * surviving each scavenge, at 64 concurrent callers). An unlinked entry points at nothing.
 * Every callback gets its key, so a caller needs no closure per call.
 */
export class Deadlines<K> {
  readonly #expire: (key: K) => void;
  #first: Deadline<K> | undefined;
  #last: Deadline<K> | undefined;
  #size = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  /** Whether the timer is unref'd: nothing is due. */
  #resting = false;

  /** `expire(key)` runs once for each deadline that passes before it is deleted. */
  constructor(expire: (key: K) => void) {
    this.#expire = expire;
  }

  /** How many deadlines are pending. */
  get size(): number {
    return this.#size;
  }

  /** Expires `key` once `timeoutMs` have passed, unless `delete` gets its deadline first. */
  add(key: K, timeoutMs: number): Deadline<K> {
    // Not capped here: #arm caps each timer, and #sweep re-arms until the real deadline passes.
    const at = performance.now() + timeoutMs;
    const deadline: Deadline<K> = { key, at, previous: this.#last, next: undefined, pending: true };
    if (this.#last === undefined) this.#first = deadline;
    else this.#last.next = deadline;
    this.#last = deadline;
    this.#size += 1;
    if (at < this.#timerAt) this.#arm(at);
    else if (this.#resting) {
      this.#resting = false;
      this.#timer?.ref();
    }
    return deadline;
  }

  /** The deadline will not expire; deleting one that expired or was deleted already does nothing. */
  delete(deadline: Deadline<K>): void {
    if (!this.#unlink(deadline)) return;
    if (this.#size === 0 && this.#timer !== undefined) {
      this.#resting = true;
      this.#timer.unref();
    }
  }

  /** The keys of every pending deadline, oldest first. */
  keys(): K[] {
    const keys: K[] = [];
    for (let deadline = this.#first; deadline !== undefined; deadline = deadline.next)
      keys.push(deadline.key);
    return keys;
  }

  clear(): void {
    while (this.#first !== undefined) this.#unlink(this.#first);
    this.#disarm();
  }

  #unlink(deadline: Deadline<K>): boolean {
    if (!deadline.pending) return false;
    deadline.pending = false;
    const { previous, next } = deadline;
    if (previous === undefined) this.#first = next;
    else previous.next = next;
    if (next === undefined) this.#last = previous;
    else next.previous = previous;
    deadline.previous = undefined;
    deadline.next = undefined;
    this.#size -= 1;
    return true;
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#resting = false;
    this.#timerAt = at;
    this.#timer = setTimeout(
      () => this.#sweep(),
      Math.min(Math.max(0, at - performance.now()), MAX_TIMER_MS),
    );
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#resting = false;
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  // The loop's clock can run a little behind performance.now(), so the timer may fire just
  // before the earliest deadline; whatever is not yet due simply re-arms the timer.
  #sweep(): void {
    this.#timer = undefined;
    this.#resting = false;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    const expired: K[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (let deadline = this.#first; deadline !== undefined;) {
      const following = deadline.next;
      if (deadline.at <= now) {
        this.#unlink(deadline);
        expired.push(deadline.key);
      } else if (deadline.at < next) {
        next = deadline.at;
      }
      deadline = following;
    }
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    for (const key of expired) this.#expire(key);
  }
}
