/**
 * The one table `npm run bench` writes into docs/benchmarks.md, between its two markers, and the
 * chart of `generate`'s cost per added definition: both made from the figures of one run
 * (figures.ts), so the page never mixes runs. Pure functions of those figures, so a test can run
 * them on canned ones (test/bench/table.test.ts) without running a benchmark.
 */
import { ratioText, type Figure } from "./figures.js";

export const TABLE_START = "<!-- bench:table:start -->";
export const TABLE_END = "<!-- bench:table:end -->";
export const CHART_FILE = "generate-cost-per-definition.svg";

export interface RunFacts {
  /** "2 × AMD EPYC 7B13, 24 GiB, Linux 6.1, Node v20.20.2". */
  readonly machine: string;
  /** ISO date of the run. */
  readonly date: string;
  readonly quick: boolean;
  /** Load average when the run started. */
  readonly load: string;
  /** Benchmarks that failed, with why: shown above the table, never hidden. */
  readonly failed?: readonly string[];
}

/** A figure as its unit reads: rates in k/M, seconds, microseconds, plain ratios. */
export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return "—";
  if (unit.startsWith("ops")) return value >= 1e6 ? `${(value / 1e6).toFixed(2)}M/s` : `${(value / 1e3).toFixed(1)}k/s`;
  if (unit.startsWith("CPU s")) return `${value.toFixed(2)} s`;
  if (unit.startsWith("µs")) return `${value.toFixed(1)} µs`;
  if (unit.startsWith("ms")) return `${value.toFixed(2)} ms`;
  return value.toFixed(2);
}

/** Markdown table cells must not break the row: pipes escaped, newlines flattened. */
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

function aimCell(figure: Figure): string {
  if (figure.aim === undefined) return "";
  return `${figure.aim} ${figure.met === true ? "✓" : "✗"}`;
}

/** What each anchor is, as configured: the table's legend. */
export const ANCHORS = [
  "Anchors: **Ajv 8** compiled once (demo and agentcli rows: Ajv 2020, default options; corpus rows and Ajv standalone: the draft's Ajv with test/support/ajv-dialect.ts's options, as the differential test uses it: `strict: false`, formats not validated, draft-07 `$ref` alone).",
  '**schemasafe 1.3** (`@exodus/schemasafe`) compiled once with `{ mode: "spec", formatAssertion: false, includeErrors: true, allErrors: false, isJSON: false }` on the schema without its `format` keywords (an annotation for all three; schemasafe refuses unknown format names and formats on integers even when not asserting).',
  "**hand-written**: test/bench/handwritten.ts, against our `is*` guard. **raw clients**: test/bench/client.bench.ts. Cost per added definition: the slope from 1,000 to 2,000 definitions against the slope from 250 to 500 (chart: generate-cost-per-definition.svg).",
].join(" ");

export function renderTable(figures: readonly Figure[], facts: RunFacts): string {
  const lines: string[] = [
    `Measured by \`npm run bench${facts.quick ? " -- --quick" : ""}\` on ${facts.machine}, ${facts.date} (load average ${facts.load} at the start).` +
      (facts.quick ? " A quick run: fewer rounds and smaller inputs, a smoke test of the table, not figures to quote." : ""),
    "CPU time throughout (process and children for whole processes; this process for in-process loops), median of the rounds; where the contenders take turns within each round (validators, the answer reader, the clients), the ratio is the median of the rounds' own ratios, steadier on this VM than the quotient of two medians; wall time in the last column.",
    "",
    ANCHORS,
    "",
  ];
  for (const failure of facts.failed ?? []) lines.push(`**Failed:** ${cell(failure)}`, "");
  lines.push("| benchmark | row | anchor | anchor's figure | ours | ours vs anchor | aim | notes |");
  lines.push("| --- | --- | --- | ---: | ---: | ---: | --- | --- |");
  for (const figure of figures) {
    lines.push(
      `| ${[
        figure.section,
        figure.row,
        figure.anchor,
        formatValue(figure.anchorValue, figure.unit),
        formatValue(figure.ours, figure.unit),
        Number.isFinite(figure.ours) && Number.isFinite(figure.anchorValue) ? ratioText(figure) : "—",
        aimCell(figure),
        figure.note ?? "",
      ]
        .map(cell)
        .join(" | ")} |`,
    );
  }
  const aimed = figures.filter((figure) => figure.aim !== undefined);
  const missed = aimed.filter((figure) => figure.met !== true);
  lines.push("", `${aimed.length - missed.length} of ${aimed.length} aims met in this run.`);
  return lines.join("\n");
}

/** `document` with the table between the markers; a document without them gets them appended. */
export function spliceTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) {
    return `${document.trimEnd()}\n\n${TABLE_START}\n${table}\n${TABLE_END}\n`;
  }
  return `${document.slice(0, start + TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}

export const EMPTY_PAGE = `# Benchmarks\n\n${TABLE_START}\n${TABLE_END}\n`;

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

/**
 * An SVG line chart, hand-written: for each curve, the CPU milliseconds per added definition
 * between consecutive sizes, plotted at the larger size. A flat line is a linear cost; a rising
 * one grows faster than the schema.
 */
export function costChart(figures: readonly Figure[], facts: RunFacts): string {
  const curves = figures.flatMap((figure) => (figure.series === undefined ? [] : [figure.series]));
  const width = 640;
  const height = 360;
  const margin = { left: 64, right: 130, top: 40, bottom: 48 };
  const points = curves.map((curve) =>
    curve.sizes.slice(1).map((size, i) => ({
      size,
      ms: (((curve.cpuS[i + 1] as number) - (curve.cpuS[i] as number)) / (size - (curve.sizes[i] as number))) * 1000,
    })),
  );
  const all = points.flat().filter((point) => Number.isFinite(point.ms));
  const maxSize = Math.max(1, ...all.map((point) => point.size));
  const maxMs = Math.max(0.001, ...all.map((point) => point.ms)) * 1.15;
  const x = (size: number): number => margin.left + (size / maxSize) * (width - margin.left - margin.right);
  const y = (ms: number): number => height - margin.bottom - (Math.max(0, ms) / maxMs) * (height - margin.top - margin.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${margin.left}" y="20" font-size="14">${escapeXml("generate: CPU ms per added definition, by size")}</text>`,
    `<text x="${margin.left}" y="34" fill="#555">${escapeXml(`${facts.machine}, ${facts.date}${facts.quick ? " (quick run)" : ""}`)}</text>`,
    `<line x1="${margin.left}" y1="${height - margin.bottom}" x2="${width - margin.right}" y2="${height - margin.bottom}" stroke="black"/>`,
    `<line x1="${margin.left}" y1="${margin.top}" x2="${margin.left}" y2="${height - margin.bottom}" stroke="black"/>`,
    `<text x="${(margin.left + width - margin.right) / 2}" y="${height - 12}" text-anchor="middle">definitions</text>`,
    `<text x="16" y="${(margin.top + height - margin.bottom) / 2}" transform="rotate(-90 16 ${(margin.top + height - margin.bottom) / 2})" text-anchor="middle">ms CPU per added definition</text>`,
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const ms = (maxMs / 4) * tick;
    parts.push(
      `<text x="${margin.left - 6}" y="${y(ms) + 4}" text-anchor="end">${ms.toFixed(1)}</text>`,
      `<line x1="${margin.left}" y1="${y(ms)}" x2="${width - margin.right}" y2="${y(ms)}" stroke="#eee"/>`,
    );
  }
  for (const size of [...new Set(all.map((point) => point.size))])
    parts.push(`<text x="${x(size)}" y="${height - margin.bottom + 16}" text-anchor="middle">${size}</text>`);
  curves.forEach((curve, i) => {
    const colour = COLOURS[i % COLOURS.length] as string;
    const valid = (points[i] ?? []).filter((point) => Number.isFinite(point.ms));
    const path = valid.map((point) => `${x(point.size).toFixed(1)},${y(point.ms).toFixed(1)}`).join(" ");
    parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${path}"/>`);
    for (const point of valid)
      parts.push(`<circle cx="${x(point.size).toFixed(1)}" cy="${y(point.ms).toFixed(1)}" r="3" fill="${colour}"/>`);
    parts.push(
      `<text x="${width - margin.right + 10}" y="${margin.top + 16 * (i + 1)}" fill="${colour}">${escapeXml(curve.label)}</text>`,
    );
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
