/**
 * bench:json-reader — the runtime's answer reader (templates/runtime/core/json-reader.ts) against
 * JSON.parse on the same bytes (issue 23: a message without an unsafe integer literal should cost
 * at most 1.1× JSON.parse). The messages are the valid payloads of validator-cases.ts (the demo's,
 * agentcli's and two corpus sample sets), each wrapped in a JSON-RPC response frame as a host
 * sends it; one more row shows the slow path, a frame whose result holds u64::MAX.
 *
 * The bigint rows (issue 23 part 2: at most 3× JSON.parse of the same bytes) read answers of the
 * test-only int64 contract (test/fixtures/int64/) as a bigint-mode client does: readJson, then
 * readBigints along the result's integer shape. One answer of the echo method with u64::MAX,
 * i64::MIN and 2^53 + 1 in it, and one holding 1,000 nanosecond timestamps (1.7 × 10^18, each past
 * the safe range) in its list.
 *
 * The two take turns in ROUNDS interleaved rounds of ROUND_MS each; each figure is the median of
 * its rounds in µs of this process's CPU per message, and the ratio the median of the rounds' ratios.
 * Run: tsx test/bench/json-reader.bench.ts [--quick]
 */
import { readFileSync } from "node:fs";
import { integerShape } from "../../generator/analyses/integer-shape.js";
import { schemaGraph } from "../../generator/resolve/index.js";
import { readBigints, readJson, unsafeIntegersIn, type IntegerShape } from "../../generated/runtime/internal.js";
import { median, QUICK, record, ROUNDS, type Figure } from "./figures.js";
import { benchCases } from "./validator-cases.js";

const ROUND_MS = QUICK ? 60 : 200;
const AIM = 1.1;
let sink = 0;

function round(read: (text: string) => unknown, texts: readonly string[]): number {
  let ops = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  let at = 0;
  while (performance.now() - start < ROUND_MS) {
    for (let i = 0; i < 20; i++) {
      if (read(texts[at] as string) !== undefined) sink++;
      at = at + 1 === texts.length ? 0 : at + 1;
    }
    ops += 20;
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / ops;
}

/**
 * Both readers, in interleaved rounds. The ratio is the median of each round's own ratio: the two
 * figures of one round share the machine's state of the moment (this 2-core VM drifts by ±15 %
 * between rounds), so their quotient is steadier than the quotient of two medians.
 */
function measure(
  texts: readonly string[],
  read: (text: string) => unknown = readJson,
): { parse: number; reader: number; ratio: number } {
  for (let i = 0; i < 2000; i++) sink += JSON.parse(texts[i % texts.length] as string) === null ? 0 : 1;
  for (let i = 0; i < 2000; i++) sink += read(texts[i % texts.length] as string) === null ? 0 : 1;
  const parse: number[] = [];
  const reader: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    const [first, second] = r % 2 === 0 ? [JSON.parse, read] : [read, JSON.parse];
    const a = round(first, texts);
    const b = round(second, texts);
    const [p, q] = r % 2 === 0 ? [a, b] : [b, a];
    parse.push(p);
    reader.push(q);
    ratios.push(q / p);
  }
  return { parse: median(parse), reader: median(reader), ratio: median(ratios) };
}

const frame = (result: string): string => `{"jsonrpc":"2.0","id":7,"result":${result}}`;
/**
 * The aim is for messages without an unsafe literal. The corpus sampler draws integers at the
 * edges of their range, so a sample set can hold some past 2^53 (codex's ClientRequest has them in
 * about a fifth of its payloads): those make a row of their own, unaimed, as the slow path they are.
 */
const UNSAFE_LITERAL = /(?<![\d.eE])-?\d{16,}(?![\d.eE])/;
const holdsUnsafeLiteral = (text: string): boolean => {
  const match = UNSAFE_LITERAL.exec(text);
  return match !== null && unsafeIntegersIn(readJson(text)).length > 0;
};
const messages = benchCases()
  .cases.filter((c) => c.valid)
  .flatMap((c) => {
    const texts = c.payloads.map((payload) => frame(JSON.stringify(payload)));
    const slow = texts.filter(holdsUnsafeLiteral);
    const fast = texts.filter((text) => !slow.includes(text));
    const rows = [{ name: `${c.group}: ${c.name}`, texts: fast, aimed: true }];
    if (slow.length > 0)
      rows.push({ name: `${c.group}: ${c.name}, the ${slow.length} holding a literal past 2^53`, texts: slow, aimed: false });
    return rows;
  });
const first = messages.find((m) => m.name.includes("snapshot"))?.texts[0] ?? frame("{}");
messages.push({
  name: "slow path: the snapshot frame with u64::MAX in its result",
  texts: [first.replace(/\}\}$/, ',"id_u64":18446744073709551615}}')],
  aimed: false,
});

const INT64_SCHEMA = JSON.parse(readFileSync("test/fixtures/int64/contract/rightkit.test.int64.v1.schema.json", "utf8"));
const echoShape = integerShape(schemaGraph(INT64_SCHEMA), "#/$defs/echo/result", "bigint") as IntegerShape;
const readExact = (text: string): unknown => {
  const frame = readJson(text) as { result: unknown };
  frame.result = readBigints(echoShape, frame.result);
  return frame;
};
const NOW_NS = 1_764_633_600_000_000_000n;
const timestamps = Array.from({ length: 1000 }, (_, i) => String(NOW_NS + BigInt(i) * 1_000_003n));
const bigintMessages = [
  {
    name: "bigint mode: an echo answer with u64::MAX, i64::MIN, 2^53 + 1 and 0",
    texts: [
      frame(
        `{"id":18446744073709551615,"offset":-9223372036854775808,"maybe":9007199254740993,"list":[0,1,2],"small":7,"label":"x"}`,
      ),
    ],
  },
  {
    name: "bigint mode: an echo answer with 1,000 nanosecond timestamps",
    texts: [frame(`{"id":1,"offset":0,"list":[${timestamps.join(",")}],"label":"timestamps"}`)],
  },
];
const BIGINT_AIM = 3;

type Message = { readonly name: string; readonly texts: readonly string[]; readonly aimed: boolean };
const bigintRows: Message[] = bigintMessages.map((message) => ({ ...message, aimed: true }));

/** One row per message: measured, printed, and kept as a figure of `section`. */
function rows(section: string, list: readonly Message[], read: (text: string) => unknown, aim: number): Figure[] {
  return list.map((message) => {
    const bytes = Math.round(message.texts.reduce((sum, text) => sum + text.length, 0) / message.texts.length);
    const { parse, reader, ratio } = measure(message.texts, read);
    process.stdout.write(`| ${message.name} | ${bytes} | ${parse.toFixed(2)} | ${reader.toFixed(2)} | ${ratio.toFixed(2)}× |\n`);
    return {
      section,
      row: `${message.name} (${bytes} bytes)`,
      anchor: "JSON.parse",
      anchorValue: parse,
      ours: reader,
      unit: "µs CPU per message",
      better: "lower",
      ratioAs: "factor",
      ratio,
      ...(message.aimed ? { aim: `≤ ${aim}×`, met: ratio <= aim } : {}),
    };
  });
}

process.stdout.write(`readJson against JSON.parse, µs CPU per message, median of ${ROUNDS} rounds, Node ${process.version}\n\n`);
process.stdout.write("| message | bytes | JSON.parse | readJson | ratio |\n| --- | ---: | ---: | ---: | ---: |\n");
const figures: Figure[] = [
  ...rows("answer reader (readJson)", messages, readJson, AIM),
  ...rows("answer reader, bigint mode (readJson + readBigints)", bigintRows, readExact, BIGINT_AIM),
];
record(...figures);
if (sink === -1) process.stdout.write("unreachable\n");
