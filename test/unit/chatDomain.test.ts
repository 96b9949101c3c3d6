/** Chat rules of the domain: message keys sort in time order; each member sees their own unread count and blocks. */
import { describe, expect, it } from 'vitest';
import { messageKey, toRoomDto } from '../../lambdas/domain/chat';
import { type StoredRoom } from '../../lambdas/model/rooms';

describe('messageKey', () => {
  it('is 20 key-safe characters and sorts in the order of the times, whatever the random part', () => {
    const times = [0, 1, 63, 64, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const keys = times.map((t) => messageKey(t));
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect([...keys].sort()).toEqual(keys);
    expect(messageKey(5)).not.toBe(messageKey(5));
  });
});

describe('toRoomDto for a viewer', () => {
  const room: StoredRoom = {
    _id: 'r',
    businessId: 'b',
    clientId: 'c',
    businessCognitoId: 'bs',
    clientCognitoId: 'cs',
    user: { username: 'Ana' },
    business: { businessName: 'Dru' },
    userRevision: 0,
    businessVersion: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    clientUnread: 2,
    businessUnread: 5,
    clientBlocked: true,
  };
  it('shows each side its own unread count and who blocked whom', () => {
    expect(toRoomDto(room, 'client')).toMatchObject({ unread: 2, blockedByMe: true, blockedMe: false });
    expect(toRoomDto(room, 'business')).toMatchObject({ unread: 5, blockedByMe: false, blockedMe: true });
    expect(toRoomDto(room)).not.toHaveProperty('unread');
  });
});
