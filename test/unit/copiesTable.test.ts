/**
 * The copies' registry (lambdas/model/copies.ts COPIES) is what docs/architecture.md shows, and each declaration reads
 * exactly the fields it names: a field changed on its source moves the copy, any other field does not (so the write
 * path, which refreshes a copy when a write sets one of its fields, misses none).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, copiesTable, withCopiesTable } from '../../scripts/copies-table';
import { COPIES, type AnyCopy, type CopyName } from '../../lambdas/model/copies';
import { sameValue } from '../../lambdas/data/copies';

/** A source record of each kind with every field a copy may read set. */
const SOURCES = {
  user: {
    _id: 'u1',
    cognitoId: 's1',
    username: 'Ana',
    profilePicture: 'uploads/s1/a.png',
    location: 'Tirana',
    revision: 3,
    email: 'a@b.al',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  business: {
    _id: 'b1',
    cognitoId: 's2',
    businessName: 'Casa',
    profilePicture: 'uploads/s2/a.png',
    location: 'Tirana',
    ratingSum: 9,
    reviewCount: 2,
    verified: true,
    finishedJobsCount: 2,
    hidden: { reason: 'x', at: '2026-01-02T00:00:00.000Z' },
    plan: 'premium',
    slug: 'casa',
    publicPage: false,
    cardVersion: 4,
    updatedAt: '2026-01-03T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    description: 'Kitchens',
    categories: ['kitchens'],
    offersCount: 5,
  },
  post: {
    _id: 'p1',
    userId: 'u1',
    title: 'Paint',
    images: ['uploads/s1/b.png'],
    location: 'Tirana',
    category: ['painting'],
    status: 'open',
    hidden: { reason: 'x', at: '2026-01-02T00:00:00.000Z' },
    summaryVersion: 2,
    budget: 300,
    clientName: 'Ana',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-02-01T00:00:00.000Z',
  },
  finishedJob: {
    _id: 'j1',
    postId: 'p1',
    businessId: 'b1',
    offerId: 'o1',
    userId: 'u1',
    rating: 5,
    review: 'Well done',
    createdAt: '2026-01-05T00:00:00.000Z',
    bandConsent: true,
    priceBand: { min: 500, max: 1000 },
    bandVersion: 2,
    ideaPictures: 1,
  },
} as const;

/** A value of another kind than `v` (so the field surely reads differently). */
const other = (v: unknown): unknown =>
  typeof v === 'number'
    ? v + 1
    : typeof v === 'string'
      ? `${v}-changed`
      : Array.isArray(v)
        ? [...v, 'more']
        : v
          ? undefined
          : true;

describe('the copies', () => {
  it('docs/architecture.md shows the table made from the registry (npm run docs:copies makes it)', () => {
    const doc = readFileSync(ARCHITECTURE_DOC, 'utf8');
    expect(doc).toContain(copiesTable());
    expect(withCopiesTable(doc)).toBe(doc);
  });

  for (const name of Object.keys(COPIES) as CopyName[]) {
    it(`${name} moves with each field it names and with no other`, () => {
      const d = COPIES[name] as AnyCopy;
      const source: Record<string, unknown> = { ...SOURCES[d.source] };
      const copy = d.project(source);
      // Its id names the source and never changes.
      for (const field of Object.keys(source).filter((f) => f !== '_id')) {
        const moved = !sameValue(d.project({ ...source, [field]: other(source[field]) }), copy);
        expect(moved, `${name}: ${field}`).toBe(d.fields.includes(field));
      }
      for (const field of d.fields)
        expect(Object.keys(source), `${name}: a sample ${d.source} sets ${field}`).toContain(field);
    });
  }
});
