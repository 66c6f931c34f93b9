/**
 * The table `npm run bench` writes (test/bench/table.ts), on canned figures: no benchmark runs
 * here. The table lands between the markers and nowhere else, each row carries its anchor, our
 * figure and the ratio, a missed aim shows as missed, and the chart is well-formed SVG with one
 * curve per shape and, below it, the peer toolchain's rows as bars of their paired ratio.
 */
import { describe, expect, it } from "vitest";
import type { Figure } from "./figures.js";
import { costChart, EMPTY_PAGE, renderTable, spliceTable, TABLE_END, TABLE_START, type RunFacts } from "./table.js";

const facts: RunFacts = {
  machine: "2 × Test CPU, 24 GiB, Linux, Node v20",
  date: "2026-01-01 00:00 UTC",
  quick: false,
  load: "0.10 0.20 0.30",
};

const FIGURES: Figure[] = [
  {
    section: "validators (validate*)",
    row: "demo: batch-21 invalid",
    anchor: "Ajv 8",
    anchorValue: 10e6,
    ours: 14e6,
    unit: "ops per CPU s",
    better: "higher",
    ratioAs: "factor",
    aim: "≥ 1.3×",
    met: true,
    note: "wall a | b",
  },
  {
    section: "client: rightkit-daemon",
    row: "DaemonTransport.call, pool 4, 64 callers",
    anchor: "raw lock-step client ×4",
    anchorValue: 40,
    ours: 46,
    unit: "µs client CPU per call",
    better: "lower",
    ratioAs: "percent",
    aim: "≤ +10 %",
    met: false,
  },
  {
    section: "generate: cost per added definition",
    row: "chain",
    anchor: "same shape, 250→500",
    anchorValue: 2,
    ours: 2.1,
    unit: "ms CPU / definition",
    better: "lower",
    ratioAs: "factor",
    series: { label: "chain <1>", sizes: [250, 500, 1000, 2000], cpuS: [1, 1.5, 2.5, 4.6] },
  },
];

const PEER = "json-schema-to-typescript 16 + Ajv standalone";
const PEER_PANEL = `generate vs ${PEER}`;

/** The peer toolchain's rows (test/bench/peer.bench.ts): a paired ratio, and a row whose peer failed. */
const PEER_FIGURES: Figure[] = [
  {
    section: "generate vs the peer toolchain (corpus over 150 KB)",
    row: "biome packages/biomejs_biome_configuration_sch (586 KB)",
    anchor: PEER,
    anchorValue: 8.4,
    ours: 6.3,
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
    // The median of the rounds' own ratios, not the quotient of the medians (0.75×).
    ratio: 0.74,
    aim: "≤ 1.0×",
    met: true,
    note: "aim ≤ 0.5×: not met; wall 2.30 s vs 6.40 s",
    bar: { panel: PEER_PANEL, label: "biome schema", marks: [0.5, 1] },
  },
  {
    section: "generate vs the peer toolchain (synthetic)",
    row: "nesting 2000",
    anchor: PEER,
    anchorValue: 2.2,
    ours: 5.3,
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
    ratio: 2.41,
    aim: "≤ 1.0×",
    met: false,
    bar: { panel: PEER_PANEL, label: "nesting 2000", marks: [0.5, 1] },
  },
  {
    section: "generate vs the peer toolchain (synthetic)",
    row: "pairs 2000",
    anchor: PEER,
    anchorValue: Number.NaN,
    ours: 7.2,
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
    ratio: Number.NaN,
    note: "the peer toolchain failed: exited 1: RangeError",
    bar: { panel: PEER_PANEL, label: "pairs 2000", marks: [0.5, 1] },
  },
  {
    section: "generate's own work, type check apart, vs Ajv standalone (synthetic)",
    row: "nesting 2000",
    anchor: "Ajv standalone",
    anchorValue: 0.73,
    ours: 3.6,
    unit: "CPU s",
    better: "lower",
    ratioAs: "factor",
    ratio: 4.9,
    aim: "≤ 0.8×",
    met: false,
    note: "type check 1.70 s CPU, 32 % of the whole generate",
    bar: { panel: "generate's own work (no type check) vs Ajv standalone", label: "nesting 2000", marks: [0.8] },
  },
];

describe("the benchmark table", () => {
  it("renders anchor, ours and the ratio per row, and says which aims were missed", () => {
    const table = renderTable(FIGURES, facts);
    expect(table).toContain(
      "| validators (validate*) | demo: batch-21 invalid | Ajv 8 | 10.00M/s | 14.00M/s | 1.40× | ≥ 1.3× ✓ | wall a \\| b |",
    );
    expect(table).toContain("| 40.0 µs | 46.0 µs | +15.0 % | ≤ +10 % ✗ |");
    expect(table).toContain("1 of 2 aims met in this run.");
    expect(table).toContain("2 × Test CPU");
  });

  it("prints the peer toolchain's rows with their paired ratio, and a failed peer as unmeasured, with no aim", () => {
    const table = renderTable(PEER_FIGURES, facts);
    expect(table).toContain(
      `| generate vs the peer toolchain (corpus over 150 KB) | biome packages/biomejs_biome_configuration_sch (586 KB) | ${PEER} | 8.40 s | 6.30 s | 0.74× | ≤ 1.0× ✓ | aim ≤ 0.5×: not met; wall 2.30 s vs 6.40 s |`,
    );
    expect(table).toContain(`| nesting 2000 | ${PEER} | 2.20 s | 5.30 s | 2.41× | ≤ 1.0× ✗ |`);
    expect(table).toContain(`| pairs 2000 | ${PEER} | — | 7.20 s | — |  | the peer toolchain failed: exited 1: RangeError |`);
    expect(table).toContain(
      "| Ajv standalone | 0.73 s | 3.60 s | 4.90× | ≤ 0.8× ✗ | type check 1.70 s CPU, 32 % of the whole generate |",
    );
    expect(table).toContain("1 of 3 aims met in this run.");
  });

  it("replaces only what lies between the markers, and adds them to a page without", () => {
    const page = `# Benchmarks\n\nprose before\n\n${TABLE_START}\nold table\n${TABLE_END}\n\nprose after\n`;
    const written = spliceTable(page, "new table");
    expect(written).toBe(`# Benchmarks\n\nprose before\n\n${TABLE_START}\nnew table\n${TABLE_END}\n\nprose after\n`);
    expect(spliceTable(written, "newer")).not.toContain("new table\n");
    expect(spliceTable("# Other\n", "t")).toBe(`# Other\n\n${TABLE_START}\nt\n${TABLE_END}\n`);
    expect(spliceTable(EMPTY_PAGE, "t")).toBe(`# Benchmarks\n\n${TABLE_START}\nt\n${TABLE_END}\n`);
  });

  it("draws one curve per shape, with its label escaped", () => {
    const svg = costChart(FIGURES, facts);
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(1);
    expect(svg).toContain("chain &lt;1&gt;");
    // Three intervals: 2, 2 and 2.1 ms per added definition, plotted at 500, 1,000 and 2,000.
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg).not.toContain('class="bar"');
  });

  it("draws the peer toolchain's rows below the curves: one panel each, a bar per measured row, 1× and the aims marked", () => {
    const svg = costChart([...FIGURES, ...PEER_FIGURES], facts);
    expect(svg.match(/<polyline /g)).toHaveLength(1);
    expect(svg).toContain(`>${PEER_PANEL}</text>`);
    expect(svg).toContain(">generate's own work (no type check) vs Ajv standalone</text>");
    // Two measured peer rows and the own-work row; the failed one is text, not a bar.
    expect(svg.match(/class="bar"/g)).toHaveLength(3);
    expect(svg).toContain("pairs 2000</text>");
    expect(svg).toContain("not measured (failed)");
    expect(svg).toContain(">0.74×</text>");
    for (const mark of ["0.5×", "0.8×", "1.0×"]) expect(svg).toContain(`>${mark}</text>`);
    // Green at or under the lowest aim, orange up to the highest, red above it.
    expect(svg).toMatch(/fill="#ff7f0e"\/>\n<text[^>]*>0\.74×/);
    expect(svg).toMatch(/fill="#d62728"\/>\n<text[^>]*>2\.41×/);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
    expect(height).toBeGreaterThan(360);
  });
});
