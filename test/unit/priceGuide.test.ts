import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PRICE_GUIDE_ACCURACY,
  PRICE_GUIDE_STATED_ACCURACY_PERCENT,
  PRICE_GUIDE_WINDOW_MONTHS,
} from '../../common/priceGuide';
import { priceGuideQuery } from '../../common/schemas/priceGuide';
import {
  bucketOf,
  bucketValue,
  exactPercentile,
  figureOf,
  meetsThreshold,
  percentile,
  roundFigurePrice,
  windowMonths,
  type AreaCounts,
} from '../../lambdas/model/priceGuide';
import { areaCountsOf } from '../../lambdas/data/priceGuide';

const countsOf = (prices: number[]) => {
  const m = new Map<number, number>();
  for (const p of prices) m.set(bucketOf(p), (m.get(bucketOf(p)) ?? 0) + 1);
  return m;
};
const area = (prices: number[], businesses: number): AreaCounts => ({
  buckets: countsOf(prices),
  businesses: new Set(Array.from({ length: businesses }, (_, i) => `b${i}`)),
  updatedAt: '2026-11-20T10:00:00.000Z',
});

describe('price buckets', () => {
  it('a price lies in its bucket, and the bucket value is within the stated accuracy of it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100_000_000, noNaN: true }), (price) => {
        const v = bucketValue(bucketOf(price));
        expect(Math.abs(v - price) / price).toBeLessThanOrEqual(PRICE_GUIDE_ACCURACY + 1e-9);
      }),
    );
  });

  it('the 25th, 50th and 75th percentiles and the range are within 2 % of the exact ones of generated price sets', () => {
    const priceSets = fc.array(
      fc.oneof(
        fc.integer({ min: 50, max: 20_000 }),
        fc.double({ min: 0.01, max: 1_000_000, noNaN: true }),
        fc.constantFrom(1000, 1500, 2000),
      ),
      { minLength: 1, maxLength: 400 },
    );
    fc.assert(
      fc.property(priceSets, (prices) => {
        const counts = countsOf(prices);
        for (const q of [0.25, 0.5, 0.75, 1 / prices.length, 1]) {
          const exact = exactPercentile(prices, q);
          const read = percentile(counts, q)!;
          expect(Math.abs(read - exact) / exact, `q=${q}`).toBeLessThanOrEqual(PRICE_GUIDE_ACCURACY + 1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the bucket structure stays small: 10,000 prices from 100 to 100,000 fill at most 175 buckets', () => {
    const prices = Array.from({ length: 10_000 }, (_, i) => 100 + ((i * 7919) % 99_900));
    expect(countsOf(prices).size).toBeLessThanOrEqual(175);
  });

  it('an empty set has no percentile', () => {
    expect(percentile(new Map(), 0.5)).toBeUndefined();
  });
});

describe('the figures as answered', () => {
  it('are rounded to three significant digits', () => {
    expect([1262, 993, 2924, 846, 4028, 48.4, 12_345, 150_420].map(roundFigurePrice)).toEqual([
      1260, 993, 2920, 846, 4030, 48, 12_300, 150_000,
    ]);
  });

  it('stay within the accuracy the method text states (3 %) of the exact percentiles of generated price sets', () => {
    expect(PRICE_GUIDE_STATED_ACCURACY_PERCENT).toBe(3);
    const priceSets = fc.array(fc.integer({ min: 50, max: 200_000 }), { minLength: 5, maxLength: 200 });
    fc.assert(
      fc.property(priceSets, (prices) => {
        const f = figureOf(area(prices, 3), 'town')!;
        const sorted = [...prices].sort((a, b) => a - b);
        const pairs: [number, number][] = [
          [f.median, exactPercentile(prices, 0.5)],
          [f.p25, exactPercentile(prices, 0.25)],
          [f.p75, exactPercentile(prices, 0.75)],
          [f.min, sorted[0]],
          [f.max, sorted[sorted.length - 1]],
        ];
        for (const [shown, exact] of pairs)
          expect(Math.abs(shown - exact) / exact).toBeLessThanOrEqual(PRICE_GUIDE_STATED_ACCURACY_PERCENT / 100);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the privacy threshold', () => {
  const prices = [1200, 1500, 1900, 2400, 2800];
  it('5 offers from 3 businesses give a figure', () => {
    expect(meetsThreshold(5, 3)).toBe(true);
    const f = figureOf(area(prices, 3), 'town')!;
    expect(f).toMatchObject({ scope: 'town', count: 5, updatedMonth: '2026-11' });
    const stated = PRICE_GUIDE_STATED_ACCURACY_PERCENT / 100;
    expect(Math.abs(f.median - 1900) / 1900).toBeLessThanOrEqual(stated);
    expect(Math.abs(f.min - 1200) / 1200).toBeLessThanOrEqual(stated);
    expect(Math.abs(f.max - 2800) / 2800).toBeLessThanOrEqual(stated);
    expect(f.p25).toBeLessThanOrEqual(f.median);
    expect(f.p75).toBeGreaterThanOrEqual(f.median);
  });
  it('4 offers, or 2 businesses, give no figure', () => {
    expect(figureOf(area(prices.slice(0, 4), 3), 'town')).toBeUndefined();
    expect(figureOf(area([...prices, 3000, 3100], 2), 'country')).toBeUndefined();
    expect(meetsThreshold(4, 4)).toBe(false);
    expect(meetsThreshold(10, 2)).toBe(false);
  });
});

describe('the 12-month window of stored counts', () => {
  it('names the last 12 months, the current one included', () => {
    const months = windowMonths(new Date('2026-02-10T00:00:00Z'));
    expect(months).toHaveLength(PRICE_GUIDE_WINDOW_MONTHS);
    expect(months[0]).toBe('2025-03');
    expect(months.at(-1)).toBe('2026-02');
  });

  it('reads only the months of the window and businesses still counted', () => {
    const b = bucketOf(1000);
    const item = {
      pk: 'PRICEGUIDE#C#furniture',
      sk: 'TOWN#Tirana',
      [`b#2026-11#${b}`]: 3,
      [`b#2025-11#${b}`]: 9, // 13 months before: dropped
      [`b#2026-10#${b}`]: 2,
      'f#2026-11#biz1': 2,
      'f#2026-10#biz2': 0, // its acceptance was cancelled
      'f#2026-10#biz3': 2,
      'f#2025-11#biz4': 9,
      updatedAt: '2026-11-02T00:00:00.000Z',
    };
    const counts = areaCountsOf(item, new Date('2026-11-26T00:00:00Z'))!;
    expect(counts.buckets.get(b)).toBe(5);
    expect([...counts.businesses].sort()).toEqual(['biz1', 'biz3']);
  });
});

describe('the request schema', () => {
  it('takes a service id and an optional town of the list', () => {
    expect(priceGuideQuery.parse({ service: 'furniture', town: 'Tirana' })).toEqual({
      service: 'furniture',
      town: 'Tirana',
    });
    expect(priceGuideQuery.safeParse({ service: 'kitchens' }).success).toBe(false);
    expect(priceGuideQuery.safeParse({ service: 'furniture', town: 'Paris' }).success).toBe(false);
  });
});
