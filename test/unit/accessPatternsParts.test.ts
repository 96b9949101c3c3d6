/**
 * The data design is read in parts: docs/access-patterns.md (the table, its items, paging) and one file per entity
 * under docs/access-patterns/, each at most 20 KB, together holding every access pattern once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const docs = path.resolve(import.meta.dirname, '../../docs');
const parts = [
  path.join(docs, 'access-patterns.md'),
  ...readdirSync(path.join(docs, 'access-patterns')).map((f) => path.join(docs, 'access-patterns', f)),
];

describe('docs/access-patterns', () => {
  it('is in parts of at most 20 KB each', () => {
    const over = parts.filter((f) => statSync(f).size > 20 * 1024).map((f) => path.relative(docs, f));
    expect(over).toEqual([]);
    expect(parts.length).toBeGreaterThan(5);
  });

  it('describes every access pattern in one part only, numbered without gaps', () => {
    const numbers = parts.flatMap((f) => [
      ...new Set([...readFileSync(f, 'utf8').matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]))),
    ]);
    expect(new Set(numbers).size).toBe(numbers.length);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted).toEqual(sorted.map((_, i) => i + 1));
  });
});
