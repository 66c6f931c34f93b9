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
  "**json-schema-to-typescript 16 + Ajv standalone** (the peer toolchain, test/bench/peer-toolchain.mjs): one process writing json-schema-to-typescript's types (its defaults, prettier formatting included, `unreachableDefinitions: true` so every definition gets its type) and Ajv standalone's validators for the root and every definition; its rows and the generator's own work (the `generate` process's own CPU, its tsgo type check apart) are drawn under the cost chart.",
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
 * one grows faster than the schema. Below it, one panel of bars per `bar` panel the rows name
 * (the peer toolchain's rows: ours over the anchor, with the aims marked).
 */
export function costChart(figures: readonly Figure[], facts: RunFacts): string {
  const curves = figures.flatMap((figure) => (figure.series === undefined ? [] : [figure.series]));
  const panels = ratioPanels(figures);
  const width = 640;
  const height = 360;
  const fullHeight = height + panels.reduce((sum, panel) => sum + panelHeight(panel), 0);
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
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${fullHeight}" viewBox="0 0 ${width} ${fullHeight}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${fullHeight}" fill="white"/>`,
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
  let top = height;
  for (const panel of panels) {
    parts.push(...ratioPanel(panel, top, width));
    top += panelHeight(panel);
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

interface RatioPanel {
  readonly title: string;
  readonly marks: readonly number[];
  readonly bars: readonly { readonly label: string; readonly ratio: number }[];
}

/** The rows with a `bar`, grouped by panel in their order: each row's ratio against its anchor. */
function ratioPanels(figures: readonly Figure[]): RatioPanel[] {
  const panels = new Map<string, { marks: Set<number>; bars: { label: string; ratio: number }[] }>();
  for (const figure of figures) {
    if (figure.bar === undefined) continue;
    const panel = panels.get(figure.bar.panel) ?? { marks: new Set<number>(), bars: [] };
    panels.set(figure.bar.panel, panel);
    for (const mark of figure.bar.marks) panel.marks.add(mark);
    const ratio = figure.ratio ?? figure.ours / figure.anchorValue;
    panel.bars.push({ label: figure.bar.label, ratio });
  }
  return [...panels].map(([title, { marks, bars }]) => ({ title, marks: [...marks].sort((a, b) => a - b), bars }));
}

const BAR_ROW = 16;
const panelHeight = (panel: RatioPanel): number => 72 + panel.bars.length * BAR_ROW;

/**
 * One panel of horizontal bars, `top` pixels down: ours over the anchor per row, a solid line at
 * 1× (as fast as the anchor) and a dashed one at each aim. A bar is green at or under the lowest
 * aim, orange at or under the highest, red above; a row that could not be measured says so.
 */
function ratioPanel(panel: RatioPanel, top: number, width: number): string[] {
  const left = 200;
  const right = 60;
  const barsTop = top + 56;
  const finiteRatios = panel.bars.map((bar) => bar.ratio).filter((ratio) => Number.isFinite(ratio));
  const maxRatio = Math.max(1, ...panel.marks, ...finiteRatios) * 1.1;
  const x = (ratio: number): number => left + (ratio / maxRatio) * (width - left - right);
  const bottom = barsTop + panel.bars.length * BAR_ROW;
  const [lowest = 1, highest = 1] = [Math.min(...panel.marks), Math.max(...panel.marks)];
  const parts: string[] = [
    `<text x="16" y="${top + 20}" font-size="14">${escapeXml(panel.title)}</text>`,
    `<text x="16" y="${top + 34}" fill="#555">ours over the anchor, CPU seconds, median of the paired rounds' ratios</text>`,
  ];
  for (const mark of [1, ...panel.marks.filter((mark) => mark !== 1)]) {
    const dash = mark === 1 ? "" : ' stroke-dasharray="4 3"';
    parts.push(
      `<line x1="${x(mark).toFixed(1)}" y1="${barsTop - 4}" x2="${x(mark).toFixed(1)}" y2="${bottom}" stroke="#555"${dash}/>`,
      `<text x="${x(mark).toFixed(1)}" y="${barsTop - 8}" text-anchor="middle" fill="#555">${mark.toFixed(1)}×</text>`,
    );
  }
  panel.bars.forEach((bar, i) => {
    const y = barsTop + i * BAR_ROW;
    parts.push(`<text x="${left - 6}" y="${y + 11}" text-anchor="end">${escapeXml(bar.label)}</text>`);
    if (!Number.isFinite(bar.ratio)) {
      parts.push(`<text x="${left + 4}" y="${y + 11}" fill="#d62728">not measured (failed)</text>`);
      return;
    }
    const colour = bar.ratio <= lowest ? "#2ca02c" : bar.ratio <= highest ? "#ff7f0e" : "#d62728";
    parts.push(
      `<rect class="bar" x="${left}" y="${y + 2}" width="${(x(bar.ratio) - left).toFixed(1)}" height="${BAR_ROW - 4}" fill="${colour}"/>`,
      `<text x="${(x(bar.ratio) + 4).toFixed(1)}" y="${y + 11}">${bar.ratio.toFixed(2)}×</text>`,
    );
  });
  return parts;
}
