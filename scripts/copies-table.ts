/**
 * The table of copies in docs/architecture.md, made from the registry (lambdas/model/copies.ts COPIES): one row per
 * copy, with its source, the version it moves forward by, the fields it reads, where its targets are and the pages
 * that show it. test/unit/copiesTable.test.ts fails when the document's table is not this one.
 *
 *   npm run docs:copies        writes the table into docs/architecture.md (between its copies markers)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COPIES, COPY_SOURCES, type AnyCopy, type CopyName } from '../lambdas/model/copies';

export const ARCHITECTURE_DOC = path.resolve(import.meta.dirname, '../docs/architecture.md');
export const TABLE_START = '<!-- copies table: made by npm run docs:copies from lambdas/model/copies.ts -->';
export const TABLE_END = '<!-- end of the copies table -->';

const code = (s: string) => `\`${s}\``;
const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The markdown table of every copy, in the registry's order. */
export function copiesTable(): string {
  const rows = (Object.keys(COPIES) as CopyName[]).map((name) => {
    const d = COPIES[name] as AnyCopy;
    const version =
      'inCopy' in d.version
        ? `${code(d.version.field)} (carried in the copy as ${code('v')})`
        : `${code(d.version.field)} (kept beside it as ${code(d.version.at)})`;
    const holds = 'attribute' in d.holds ? code(d.holds.attribute) : d.holds.fields.map(code).join(', ');
    const targets = d.targets.map((t) => t.what).join('; ');
    const extra = [
      d.onlyWhile ? `only ${d.onlyWhile.what}` : '',
      d.whenGone ? 'a deleted source leaves its targets marked gone' : '',
    ].filter(Boolean);
    return `| ${[
      code(name),
      d.what,
      `${COPY_SOURCES[d.source].what}: ${version}`,
      d.fields.map(code).join(', '),
      `${holds} on ${targets}${extra.length ? ` (${extra.join('; ')})` : ''}`,
      d.shownOn,
    ]
      .map(cell)
      .join(' | ')} |`;
  });
  return [
    '| copy | what | source: version | fields read | kept in, on | shown on |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The document with its table made anew. */
export function withCopiesTable(doc: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no copies markers (${TABLE_START})`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${copiesTable()}\n${doc.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(ARCHITECTURE_DOC, withCopiesTable(readFileSync(ARCHITECTURE_DOC, 'utf8')));
  console.log('docs/architecture.md: the copies table is made anew from lambdas/model/copies.ts');
}
