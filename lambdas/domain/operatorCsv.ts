/**
 * One operator figure's weeks as a CSV file (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break), with a byte order mark so a spreadsheet opens the towns' letters (ë, ç) right.
 * Columns: the week's first and last day, the scope, the figure (its unit in the column's name), then the counters it
 * is made from (common/operatorFigures.ts `parts`; none for a count, which is its one counter). A figure that cannot be
 * said that week is an empty field.
 */
import { weekEndOf, type FigureDefinition, type FigureScope, type WeekTally } from '../../common/operatorFigures';

const field = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A value as written: at most 4 decimals, no trailing zeros. */
const number = (v: number | null) => (v === null ? null : Number(v.toFixed(4)));

export const figureColumn = (f: FigureDefinition) => (f.unit === 'count' ? f.id : `${f.id}_${f.unit}`);

export function figureCsv(figure: FigureDefinition, scope: FigureScope, weeks: readonly WeekTally[]): string {
  const parts = figure.unit === 'count' ? [] : figure.parts;
  const header = ['week_start', 'week_end', 'town', 'service', figureColumn(figure), ...parts];
  const rows = weeks.map((w) => [
    w.weekStart,
    weekEndOf(w.weekStart),
    scope.town ?? '',
    scope.service ?? '',
    number(figure.value(w)),
    ...parts.map((p) => w.counts[p]),
  ]);
  return `\uFEFF${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
