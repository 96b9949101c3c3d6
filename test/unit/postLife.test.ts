import { describe, expect, it } from 'vitest';
import { effectiveStatus, expiryFrom, isExpired } from '../../lambdas/model/postLife';
import { assertMayPost } from '../../lambdas/domain/posts';
import type { StoredPost } from '../../lambdas/model/posts';

const post = (over: Partial<StoredPost> = {}): StoredPost => ({
  _id: 'p1',
  userId: 'u1',
  title: 'T',
  images: [],
  category: [],
  location: 'Tirana',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-31T00:00:00.000Z',
  status: 'open',
  ...over,
});
const code = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe("a request's life", () => {
  it('expires 30 days after it opened; a post from before expiry existed never does', () => {
    expect(expiryFrom('2026-01-01T00:00:00.000Z')).toBe('2026-01-31T00:00:00.000Z');
    expect(isExpired(post(), '2026-01-30T23:59:59.999Z')).toBe(false);
    expect(isExpired(post(), '2026-01-31T00:00:00.000Z')).toBe(true);
    expect(isExpired(post({ expiresAt: undefined }), '2030-01-01T00:00:00.000Z')).toBe(false);
    expect(isExpired(post({ status: 'accepted' }), '2030-01-01T00:00:00.000Z')).toBe(false);
  });

  it('an open post past its expiry is answered closed (expired) before the job stores it', () => {
    expect(effectiveStatus(post(), '2026-02-01T00:00:00.000Z')).toEqual({ status: 'closed', closedReason: 'expired' });
    expect(effectiveStatus(post(), '2026-01-02T00:00:00.000Z')).toEqual({ status: 'open' });
    expect(effectiveStatus(post({ status: 'closed', closedReason: 'client' }), '2026-01-02T00:00:00.000Z')).toEqual({
      status: 'closed',
      closedReason: 'client',
    });
  });

  it('closes only an open, unexpired post with nothing accepted; reopens a closed or expired one once', () => {
    const now = '2026-01-10T00:00:00.000Z';
    expect(code(() => assertMayPost('close', post(), now))).toBeUndefined();
    expect(code(() => assertMayPost('close', post({ status: 'accepted' }), now))).toBe('POST_HAS_ACCEPTED_OFFER');
    expect(code(() => assertMayPost('close', post({ status: 'closed' }), now))).toBe('POST_NOT_OPEN');
    expect(code(() => assertMayPost('close', post(), '2026-02-10T00:00:00.000Z'))).toBe('POST_NOT_OPEN');
    expect(code(() => assertMayPost('reopen', post(), now))).toBe('POST_NOT_CLOSED');
    expect(code(() => assertMayPost('reopen', post({ status: 'closed' }), now))).toBeUndefined();
    expect(code(() => assertMayPost('reopen', post(), '2026-02-10T00:00:00.000Z'))).toBeUndefined();
    expect(code(() => assertMayPost('reopen', post({ status: 'closed', reopenedAt: now }), now))).toBe(
      'ALREADY_REOPENED',
    );
  });
});
