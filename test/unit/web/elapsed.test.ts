import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../../web/src/lib/time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo (the relative time on post cards)', () => {
  it('says just now under a minute', () => {
    expect(timeAgo(ago(0), now)).toBe('just now');
    expect(timeAgo(ago(59), now)).toBe('just now');
  });

  it('uses singular and plural units at the spec thresholds', () => {
    expect(timeAgo(ago(60), now)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(timeAgo(ago(3600), now)).toBe('1 hour ago');
    expect(timeAgo(ago(5 * 3600), now)).toBe('5 hours ago');
    expect(timeAgo(ago(86400), now)).toBe('1 day ago');
    expect(timeAgo(ago(29 * 86400), now)).toBe('29 days ago');
    expect(timeAgo(ago(30 * 86400), now)).toBe('1 month ago');
    expect(timeAgo(ago(364 * 86400), now)).toBe('12 months ago');
    expect(timeAgo(ago(365 * 86400), now)).toBe('1 year ago');
    expect(timeAgo(ago(3 * 365 * 86400), now)).toBe('3 years ago');
  });

  it('treats future dates as just now and bad input as empty', () => {
    expect(timeAgo(ago(-120), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
    expect(timeAgo(undefined, now)).toBe('');
  });
});
