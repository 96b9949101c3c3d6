/**
 * The Sponsored strip's fair rotation (lambdas/domain/adStrip.ts): runs with the same targeting get equal shares of
 * the strips and of the first place, more relevant tiers fill the places first, a run is shown once per strip, and
 * so is a business, whatever number of runs it has, its runs taking its place in turn.
 */
import { describe, expect, it } from 'vitest';
import { fillStrip, rotationWindow } from '../../lambdas/domain/adStrip';

/** n runs, each of a business of its own (`b{id}`). */
const runs = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ _id: `${prefix}${i}`, businessId: `b${prefix}${i}` }));

function shares(strips: { _id: string }[][]) {
  const count = new Map<string, number>();
  for (const strip of strips) for (const r of strip) count.set(r._id, (count.get(r._id) ?? 0) + 1);
  return count;
}

/** 3n strips one process serves in a row from one tier of n runs (each test its own tier key). */
const consecutiveStrips = (key: string, n: number, places: number) => {
  const tier = runs(key, n);
  return Array.from({ length: 3 * n }, () => fillStrip([{ key: `${key}-${n}-${places}`, runs: tier }], places));
};

/** Every n consecutive strips of `strips`: a whole cycle, wherever the process's count started. */
const cycles = <T>(strips: T[], n: number) =>
  Array.from({ length: strips.length - n + 1 }, (_, from) => strips.slice(from, from + n));

describe('the Sponsored strip', () => {
  it.each([
    [7, 4],
    [5, 4],
    [9, 2],
    [6, 3],
  ])(
    '%i runs of one tier in strips of %i: over any as many consecutive strips as runs each run is shown the same number of times',
    (n, places) => {
      const strips = consecutiveStrips('equal', n, places);
      for (const strip of strips) {
        expect(strip).toHaveLength(places);
        expect(new Set(strip.map((r) => r._id)).size).toBe(places);
      }
      for (const cycle of cycles(strips, n)) expect([...shares(cycle).values()]).toEqual(Array(n).fill(places));
    },
  );

  it.each([
    [2, 4],
    [4, 4],
    [6, 3],
    [8, 4],
    [7, 4],
    [12, 8],
  ])(
    '%i runs of one tier in strips of %i: over any as many consecutive strips as runs each run leads exactly one',
    (n, places) => {
      for (const cycle of cycles(consecutiveStrips('first', n, places), n)) {
        const leads = shares(cycle.map((strip) => strip.slice(0, 1)));
        expect(leads.size).toBe(n);
        expect([...leads.values()]).toEqual(Array(n).fill(1));
        expect([...shares(cycle).values()]).toEqual(Array(n).fill(Math.min(n, places)));
      }
    },
  );

  it('between whole cycles the shares differ by one at most', () => {
    const tier = runs('s', 7);
    const strips = Array.from({ length: 10 }, () => fillStrip([{ key: 'partial', runs: tier }], 4));
    const counted = [...shares(strips).values()];
    expect(counted).toHaveLength(7);
    expect(Math.max(...counted) - Math.min(...counted)).toBeLessThanOrEqual(1);
    expect(counted.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('fills the places from the most relevant tier first, then the next; a run in two tiers is shown once', () => {
    const matching = runs('m', 2);
    const town = [...runs('t', 2), matching[0]];
    const country = runs('c', 10);
    for (let i = 0; i < 20; i++) {
      const strip = fillStrip(
        [
          { key: 'matching', runs: matching },
          { key: 'town', runs: town },
          { key: 'country', runs: country },
        ],
        4,
      );
      expect(
        strip
          .slice(0, 2)
          .map((r) => r._id)
          .sort(),
      ).toEqual(['m0', 'm1']);
      expect(strip.slice(2).every((r) => r._id.startsWith('t'))).toBe(true);
      expect(new Set(strip.map((r) => r._id)).size).toBe(4);
    }
  });

  it('never shows a business twice: two identical runs of one business take one place, in turn, and the other businesses keep equal shares', () => {
    // Business A bought the same run twice; B, C, D and E once each: five businesses for four places.
    const tier = [
      { _id: 'a1', businessId: 'A' },
      { _id: 'a2', businessId: 'A' },
      ...['B', 'C', 'D', 'E'].map((b) => ({ _id: `${b.toLowerCase()}1`, businessId: b })),
    ];
    const strips = Array.from({ length: 50 }, () => fillStrip([{ key: 'twice', runs: tier }], 4));
    for (const strip of strips) {
      expect(strip).toHaveLength(4);
      expect(new Set(strip.map((r) => r.businessId)).size).toBe(4);
    }
    // Over any five consecutive strips (a cycle of five businesses) each business has four places, A's shared by its runs.
    for (const cycle of cycles(strips, 5)) {
      const byBusiness = new Map<string, number>();
      for (const run of cycle.flat()) byBusiness.set(run.businessId, (byBusiness.get(run.businessId) ?? 0) + 1);
      expect([...byBusiness.values()]).toEqual([4, 4, 4, 4, 4]);
    }
    const ofA = shares(strips.map((strip) => strip.filter((r) => r.businessId === 'A')));
    expect([...ofA.keys()].sort()).toEqual(['a1', 'a2']);
    expect(Math.abs(ofA.get('a1')! - ofA.get('a2')!)).toBeLessThanOrEqual(1);
  });

  it('a business shown by a more relevant tier is not shown again by the next; the next tier fills with other businesses', () => {
    const matching = [{ _id: 'm0', businessId: 'A' }];
    const town = [
      { _id: 't0', businessId: 'A' },
      { _id: 't1', businessId: 'B' },
    ];
    const country = [
      { _id: 'c0', businessId: 'A' },
      { _id: 'c1', businessId: 'B' },
      { _id: 'c2', businessId: 'C' },
      { _id: 'c3', businessId: 'D' },
    ];
    for (let i = 0; i < 12; i++) {
      const strip = fillStrip(
        [
          { key: 'm-once', runs: matching },
          { key: 't-once', runs: town },
          { key: 'c-once', runs: country },
        ],
        4,
      );
      expect(strip.map((r) => r._id).slice(0, 2)).toEqual(['m0', 't1']);
      expect(strip.map((r) => r.businessId).sort()).toEqual(['A', 'B', 'C', 'D']);
    }
  });

  it('shows all of a tier smaller than the strip, and nothing of none', () => {
    expect(
      rotationWindow(runs('x', 3), 4, 17)
        .map((r) => r._id)
        .sort(),
    ).toEqual(['x0', 'x1', 'x2']);
    expect(rotationWindow([], 4, 3)).toEqual([]);
    expect(fillStrip([{ key: 'empty', runs: [] }], 4)).toEqual([]);
  });
});
