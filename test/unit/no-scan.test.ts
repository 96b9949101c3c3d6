/** No request path may Scan the table (docs/access-patterns.md): the Lambda sources must not use it. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** ScanCommand / ScanInput / paginateScan imports, or a low-level `.scan(` call. */
const SCAN_USE = /\b(Scan(Command|Input|Output)?|paginateScan|ParallelScan)\b|\.scan\s*\(/;

export function scanUses(text: string): string[] {
  return text.split('\n').filter((line) => {
    // Comments may talk about Scans; code may not use one.
    if (/^\s*(\*|\/\*)/.test(line)) return false;
    const code = line.replace(/\/\/.*$/, '');
    // ScanIndexForward is a Query option, not a Scan.
    return SCAN_USE.test(code.replace(/ScanIndexForward/g, ''));
  });
}

describe('no Scan on any request path', () => {
  it('recognises a Scan when it sees one (the check can fail)', () => {
    expect(scanUses("import { ScanCommand } from '@aws-sdk/lib-dynamodb';")).toHaveLength(1);
    expect(scanUses('await client.send(new ScanCommand({ TableName }));')).toHaveLength(1);
    expect(scanUses('for await (const p of paginateScan({ client }, {})) {}')).toHaveLength(1);
    expect(scanUses('ScanIndexForward: false,')).toHaveLength(0);
    expect(scanUses(' * Every read is a Query: no Scan anywhere.')).toHaveLength(0);
  });

  it('no file under lambdas/ uses Scan', () => {
    const files = sourceFiles(join(root, 'lambdas'));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((f) =>
      scanUses(readFileSync(f, 'utf8')).map((line) => `${relative(root, f)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the public pages (lambdas/site, .tsx included) and the backfill use no Scan either', () => {
    const files = [
      ...sourceFiles(join(root, 'lambdas', 'site')),
      ...sourceFiles(join(root, 'scripts')).filter((f) => /backfill/.test(f)),
    ];
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('operator-backfill.ts'))).toBe(true);
    const offenders = files.flatMap((f) =>
      scanUses(readFileSync(f, 'utf8')).map((line) => `${relative(root, f)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
