// setTimeout fires immediately (with a warning) for delays above 2^31-1 ms, which would turn
// a generous timeout into an instant one.
const MAX_TIMER_MS = 2_147_483_647;

type Due = { at: number; expire: () => void };

/**
 * Deadlines for many calls on one timer. A timer per call made timers the largest cost of a
 * busy connection; here adding and settling a call only touches a Map, and the one timer is
 * re-armed only when a sooner deadline arrives or the earliest one passes. When nothing is due
 * the timer is unref'd rather than cleared, so an idle connection keeps no process alive, and
 * sequential calls (each one alone in the map) do not pay for a setTimeout and a clearTimeout
 * each: the next call refs it again, and a timer firing with nothing due simply ends.
 */
export class Deadlines<K> {
  readonly #due = new Map<K, Due>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  /** Whether the timer is unref'd: nothing is due. */
  #resting = false;

  /** Calls `expire` once `timeoutMs` have passed, unless `delete(key)` comes first. */
  add(key: K, timeoutMs: number, expire: () => void): void {
    // Not capped here: #arm caps each timer, and #sweep re-arms until the real deadline passes.
    const at = performance.now() + timeoutMs;
    this.#due.set(key, { at, expire });
    if (at < this.#timerAt) this.#arm(at);
    else if (this.#resting) {
      this.#resting = false;
      this.#timer?.ref();
    }
  }

  delete(key: K): void {
    if (this.#due.delete(key) && this.#due.size === 0 && this.#timer !== undefined) {
      this.#resting = true;
      this.#timer.unref();
    }
  }

  clear(): void {
    this.#due.clear();
    this.#disarm();
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
    const expired: Due[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [key, due] of this.#due) {
      if (due.at <= now) {
        this.#due.delete(key);
        expired.push(due);
      } else if (due.at < next) {
        next = due.at;
      }
    }
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    for (const due of expired) due.expire();
  }
}
