/**
 * The coarsest partition of a graph's nodes that keeps apart nodes of different kinds and is
 * stable under "the same class behind each numbered edge": what minimising a deterministic
 * automaton finds, with edge numbers as the letters (a node need not have every letter, but nodes
 * of one kind have the same letters).
 *
 * Found with Hopcroft's algorithm on partial transition functions (as Valmari and Lehtinen
 * describe it): a class whose members changed is a splitter; the nodes whose edge `a` leads into
 * it are split from the rest of their classes, for each `a`; of the two halves of a split class,
 * only the smaller must split again, as the other half's effect follows from the two. Each node
 * is part of a splitter O(log n) times, so the work is O(edges · log nodes) however long the
 * chains of references are. The round-by-round refinement it replaces (Moore's) took one pass
 * over every node per link of the longest chain: quadratic on a chain of definitions.
 */

export interface RefinementInput {
  /** Node count; nodes are 0 … size − 1. */
  readonly size: number;
  /** The initial class of each node: nodes with different kinds are never merged. */
  readonly kind: (node: number) => string;
  /** Each node's edges, in letter order: `edges(node)[a]` is the node behind letter `a`. */
  readonly edges: (node: number) => readonly number[];
}

/** The class of each node, as a number; nodes share a number exactly when they are equivalent. */
export function coarsestStablePartition(input: RefinementInput): Int32Array {
  const { size } = input;
  const partition = new Partition(size);
  const initial = new Map<string, number[]>();
  for (let node = 0; node < size; node++) {
    const key = input.kind(node);
    const members = initial.get(key);
    if (members === undefined) initial.set(key, [node]);
    else members.push(node);
  }
  partition.seed([...initial.values()]);

  // For each node, who reaches it and by which letter.
  const incomingStart = new Int32Array(size + 1);
  const edgesOf: (readonly number[])[] = [];
  for (let node = 0; node < size; node++) {
    const edges = input.edges(node);
    edgesOf.push(edges);
    for (const target of edges) incomingStart[target + 1]! += 1;
  }
  for (let node = 0; node < size; node++) incomingStart[node + 1]! += incomingStart[node]!;
  const fill = incomingStart.slice(0, size);
  const incomingFrom = new Int32Array(incomingStart[size]!);
  const incomingLetter = new Int32Array(incomingStart[size]!);
  for (let node = 0; node < size; node++) {
    (edgesOf[node] as readonly number[]).forEach((target, letter) => {
      const at = fill[target]!++;
      incomingFrom[at] = node;
      incomingLetter[at] = letter;
    });
  }

  // Every initial class splits: nodes of one kind may differ behind any letter.
  const pending: number[] = [];
  const isPending = new Uint8Array(size + 1);
  for (let block = 0; block < partition.count; block++) {
    pending.push(block);
    isPending[block] = 1;
  }
  const byLetter = new Map<number, number[]>();
  while (pending.length > 0) {
    const splitter = pending.pop() as number;
    isPending[splitter] = 0;
    byLetter.clear();
    for (const target of partition.members(splitter)) {
      for (let at = incomingStart[target]!; at < incomingStart[target + 1]!; at++) {
        const letter = incomingLetter[at]!;
        const sources = byLetter.get(letter);
        if (sources === undefined) byLetter.set(letter, [incomingFrom[at]!]);
        else sources.push(incomingFrom[at]!);
      }
    }
    for (const sources of byLetter.values()) {
      for (const source of sources) partition.mark(source);
      for (const [kept, split] of partition.splitMarked()) {
        if (isPending[kept] === 1) {
          pending.push(split);
          isPending[split] = 1;
        } else {
          const smaller = partition.sizeOf(split) <= partition.sizeOf(kept) ? split : kept;
          pending.push(smaller);
          isPending[smaller] = 1;
        }
      }
    }
  }
  return partition.blockOf;
}

/**
 * A refinable partition of 0 … size − 1: each block a slice of one permutation array, marked
 * members moved to the front of their slice, so marking and splitting cost what they touch.
 */
class Partition {
  readonly blockOf: Int32Array;
  readonly #elements: Int32Array;
  readonly #position: Int32Array;
  readonly #start: number[] = [];
  readonly #end: number[] = [];
  /** The end of the marked front of each block. */
  readonly #marked: number[] = [];
  readonly #touched: number[] = [];

  constructor(size: number) {
    this.blockOf = new Int32Array(size);
    this.#elements = new Int32Array(size);
    this.#position = new Int32Array(size);
  }

  get count(): number {
    return this.#start.length;
  }

  seed(blocks: readonly (readonly number[])[]): void {
    let at = 0;
    for (const members of blocks) {
      const block = this.#start.length;
      this.#start.push(at);
      this.#marked.push(at);
      for (const node of members) {
        this.#elements[at] = node;
        this.#position[node] = at;
        this.blockOf[node] = block;
        at++;
      }
      this.#end.push(at);
    }
  }

  sizeOf(block: number): number {
    return (this.#end[block] as number) - (this.#start[block] as number);
  }

  members(block: number): Int32Array {
    return this.#elements.slice(this.#start[block], this.#end[block]);
  }

  mark(node: number): void {
    const block = this.blockOf[node] as number;
    const at = this.#position[node] as number;
    const front = this.#marked[block] as number;
    if (at < front) return;
    if (front === this.#start[block]) this.#touched.push(block);
    const other = this.#elements[front] as number;
    this.#elements[front] = node;
    this.#position[node] = front;
    this.#elements[at] = other;
    this.#position[other] = at;
    this.#marked[block] = front + 1;
  }

  /** Splits every touched block into its marked and unmarked members: [kept, new] per split. */
  splitMarked(): [number, number][] {
    const splits: [number, number][] = [];
    for (const block of this.#touched) {
      const start = this.#start[block] as number;
      const front = this.#marked[block] as number;
      const end = this.#end[block] as number;
      this.#marked[block] = start;
      if (front === end) continue;
      // The smaller side becomes the new block, so relabelling costs the smaller side.
      const split = this.#start.length;
      if (front - start <= end - front) {
        this.#start.push(start);
        this.#end.push(front);
        this.#start[block] = front;
      } else {
        this.#start.push(front);
        this.#end.push(end);
        this.#end[block] = front;
      }
      this.#marked.push(this.#start[split] as number);
      for (let at = this.#start[split] as number; at < (this.#end[split] as number); at++) {
        this.blockOf[this.#elements[at] as number] = split;
      }
      this.#marked[block] = this.#start[block] as number;
      splits.push([block, split]);
    }
    this.#touched.length = 0;
    return splits;
  }
}
