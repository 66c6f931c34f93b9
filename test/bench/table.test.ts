/**
 * The table `npm run bench` writes (test/bench/table.ts), on canned figures: no benchmark runs
 * here. The table lands between the markers and nowhere else, each row carries its anchor, our
 * figure and the ratio, a missed aim shows as missed, and the chart is well-formed SVG with one
 * curve per shape.
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
  });
});
