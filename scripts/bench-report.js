'use strict';

/**
 * What the benchmark's reports share: number formats, plain and markdown tables, the machine's lines, and the
 * table of comparisons, made from one list of `{ label, value, unit, target?, atMost?, digits? }`: `value` a
 * ratio (`unit` 'x', or '%' shown as a percentage), `target` the ratio it should reach (at least, or at most
 * with `atMost`), none for a figure without a target.
 */
const os = require('node:os');
const { log } = require('./bench-settings');

const fmt = {
  rps: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
};

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const signedMb = (bytes) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes))}`;

const table = (headers, rows, alignRight) => {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (alignRight[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};

/** A markdown table, padded so that it reads as well in a terminal; `right` aligns the numeric columns. */
const markdownTable = (headers, rows, right = []) => {
  const widths = headers.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => String(r[i]).length)));
  const cell = (c, i) => (right[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]));
  const rule = widths.map((w, i) => (right[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [headers.map(cell), rule, ...rows.map((r) => r.map(cell))]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
};

const UNITS = {
  x: { show: (ratio, digits = 2) => `${ratio.toFixed(digits)}x`, target: (ratio) => `${ratio}x` },
  '%': {
    show: (ratio, digits = 1) => `${(ratio * 100).toFixed(digits)}%`,
    target: (ratio) => `${Math.round(ratio * 100)}%`,
  },
};

/** One row of the comparison table: measured, target, and PASS or BELOW. */
const comparisonRow = ({ label, value, unit, target, atMost = false, digits }) => {
  const { show, target: showTarget } = UNITS[unit];
  if (target === undefined) return [label, show(value, digits), '', ''];
  const reached = atMost ? value <= target : value >= target;
  return [label, show(value, digits), `${atMost ? '<=' : '>='} ${showTarget(target)}`, reached ? 'PASS' : 'BELOW'];
};

const comparisonTable = (comparisons) =>
  table(['comparison', 'measured', 'target', ''], comparisons.map(comparisonRow), [false, true, true, false]);

const logMachine = (context) => {
  const cpus = os.cpus();
  log(`  machine       Node ${process.version}, ${cpus.length} CPU(s)${cpus[0] ? ` (${cpus[0].model.trim()})` : ''}`);
  // Other work on the machine skews every figure: the load average before the run tells whether it was quiet.
  log(
    `  load average  ${context.loadBefore.map((n) => n.toFixed(2)).join(' ')} before the run, ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} after`
  );
};

const BELOW_IS_REPORTED =
  'A figure BELOW target is reported, not failed: the exit code is 0 unless the run itself went wrong.';

module.exports = { fmt, mb, signedMb, table, markdownTable, comparisonTable, logMachine, BELOW_IS_REPORTED };
