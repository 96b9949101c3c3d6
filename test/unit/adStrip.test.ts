/**
 * The Sponsored strip's fair rotation (lambdas/domain/adStrip.ts): runs with the same targeting get equal shares of
 * the strips and of the first place, more relevant tiers fill the places first, and a run is shown once per strip.
 */
import { describe, expect, it } from 'vitest';
import { fillStrip, rotationWindow } from '../../lambdas/domain/adStrip';

const runs = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ _id: `${prefix}${i}` }));

function shares(strips: { _id: string }[][]) {
  const count = new Map<string, number>();
  for (const strip of strips) for (const r of strip) count.set(r._id, (count.get(r._id) ?? 0) + 1);
  return count;
}

describe('the Sponsored strip', () => {
  it.each([
    [7, 4],
    [5, 4],
    [9, 2],
    [6, 3],
  ])(
    '%i runs of one tier in strips of %i: over any as many consecutive strips as runs each run is shown the same number of times',
    (n, places) => {
      const tier = runs('r', n);
      const strips = Array.from({ length: 3 * n }, () =>
        fillStrip([{ key: `equal-${n}-${places}`, runs: tier }], places),
      );
      for (const strip of strips) {
        expect(strip).toHaveLength(places);
        expect(new Set(strip.map((r) => r._id)).size).toBe(places);
      }
      // Every window of n consecutive strips (wherever the process's count started): places appearances each.
      for (let from = 0; from + n <= strips.length; from++) {
        const counted = shares(strips.slice(from, from + n));
        expect([...counted.values()]).toEqual(Array(n).fill(places));
      }
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
      const tier = runs('f', n);
      const strips = Array.from({ length: 3 * n }, () =>
        fillStrip([{ key: `first-${n}-${places}`, runs: tier }], places),
      );
      for (let from = 0; from + n <= strips.length; from++) {
        const leads = shares(strips.slice(from, from + n).map((strip) => strip.slice(0, 1)));
        expect(leads.size).toBe(n);
        expect([...leads.values()]).toEqual(Array(n).fill(1));
        expect([...shares(strips.slice(from, from + n)).values()]).toEqual(Array(n).fill(Math.min(n, places)));
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
