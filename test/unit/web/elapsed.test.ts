import { describe, expect, it } from 'vitest';
import { elapsed } from '../../../web/src/lib/time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (seconds: number) => now - seconds * 1000;

describe('elapsed (the relative time on post cards, worded per language by useFormat().timeAgo)', () => {
  it('is now under a minute', () => {
    expect(elapsed(ago(0), now)).toEqual({ unit: 'now', count: 0 });
    expect(elapsed(ago(59), now)).toEqual({ unit: 'now', count: 0 });
  });

  it('counts whole units at the spec thresholds', () => {
    expect(elapsed(ago(60), now)).toEqual({ unit: 'minute', count: 1 });
    expect(elapsed(ago(59 * 60), now)).toEqual({ unit: 'minute', count: 59 });
    expect(elapsed(ago(3600), now)).toEqual({ unit: 'hour', count: 1 });
    expect(elapsed(ago(5 * 3600), now)).toEqual({ unit: 'hour', count: 5 });
    expect(elapsed(ago(86400), now)).toEqual({ unit: 'day', count: 1 });
    expect(elapsed(ago(29 * 86400), now)).toEqual({ unit: 'day', count: 29 });
    expect(elapsed(ago(30 * 86400), now)).toEqual({ unit: 'month', count: 1 });
    expect(elapsed(ago(364 * 86400), now)).toEqual({ unit: 'month', count: 12 });
    expect(elapsed(ago(365 * 86400), now)).toEqual({ unit: 'year', count: 1 });
    expect(elapsed(ago(3 * 365 * 86400), now)).toEqual({ unit: 'year', count: 3 });
  });

  it('treats future times as now', () => {
    expect(elapsed(ago(-120), now)).toEqual({ unit: 'now', count: 0 });
  });
});
