/**
 * The rules of a person's data rights (lambdas/domain/privacy.ts): when an account is erased and who may keep it,
 * one export a day and what its status says, what stays of others' records once a person is erased (and that no
 * forward-only copy refresh can write them back), and the export's ZIP writer read back independently.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERASURE_DELAY_DAYS, erasureDateOf } from '../../common/privacy';
import {
  assertExportAllowed,
  assertNotClosed,
  assertSignedInSince,
  deletionDto,
  downloadSecondsLeft,
  ERASED_TIME_VERSION,
  ERASED_VERSION,
  exportDto,
  finishedOfferOfFormerBusiness,
  formerBusinessCard,
  formerMemberId,
  isErasureDue,
  newClosure,
  offerOnFormerClientsRequest,
  reviewOfFormerBusiness,
  reviewOfFormerClient,
  roomHasNoMemberLeft,
  roomWithoutMember,
  stepsWithoutNotesOf,
} from '../../lambdas/domain/privacy';
import { toBusinessCard } from '../../lambdas/domain/profiles';
import type { StoredRoom } from '../../lambdas/model/rooms';
import type { StoredOffer } from '../../lambdas/model/offers';
import type { StoredFinishedJob } from '../../lambdas/model/reviews';
import type { StoredExport } from '../../lambdas/model/exports';
import { HttpError } from '../../lambdas/lib/errors';
import { ZipFile } from '../../lambdas/privacy/zip';
import { readZip } from '../support/privacy';

const codeOf = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err instanceof HttpError ? [err.status, err.code] : ['thrown', String(err)];
  }
  return undefined;
};

describe('closing an account', () => {
  it('is erased ERASURE_DELAY_DAYS after it closed, due from then on', () => {
    const closure = newClosure(
      { sub: 's', role: 'client', profileId: 'u', email: 'a@b.al' },
      '2026-11-27T10:00:00.000Z',
    );
    expect(ERASURE_DELAY_DAYS).toBe(14);
    expect(closure.eraseAfter).toBe('2026-12-11T10:00:00.000Z');
    expect(erasureDateOf('2026-11-27T10:00:00.000Z')).toBe(closure.eraseAfter);
    expect(isErasureDue(closure, '2026-12-11T09:59:59.999Z')).toBe(false);
    expect(isErasureDue(closure, '2026-12-11T10:00:00.000Z')).toBe(true);
    expect(deletionDto(closure)).toEqual({
      status: 'closing',
      closedAt: '2026-11-27T10:00:00.000Z',
      eraseAfter: '2026-12-11T10:00:00.000Z',
    });
    expect(deletionDto(undefined)).toEqual({ status: 'active' });
  });

  it('is kept only with a token from a sign-in made after it closed', () => {
    const closure = { closedAt: '2026-11-27T10:00:00.500Z' };
    const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    expect(codeOf(() => assertSignedInSince(closure, at('2026-11-27T09:59:59Z')))).toEqual([403, 'SIGN_IN_AGAIN']);
    expect(codeOf(() => assertSignedInSince(closure, undefined))).toEqual([403, 'SIGN_IN_AGAIN']);
    // A sign-in within the closure's own second may have come before it: refused too.
    expect(codeOf(() => assertSignedInSince(closure, at('2026-11-27T10:00:00Z')))).toEqual([403, 'SIGN_IN_AGAIN']);
    expect(codeOf(() => assertSignedInSince(closure, at('2026-11-27T10:00:01Z')))).toBeUndefined();
  });

  it('hides a closed account’s record from everyone with 410', () => {
    expect(codeOf(() => assertNotClosed({ closed: { at: 'x', eraseAfter: 'y' } }))).toEqual([410, 'ACCOUNT_DELETED']);
    expect(codeOf(() => assertNotClosed({}))).toBeUndefined();
  });
});

describe('exports', () => {
  const asked = (over: Partial<StoredExport> = {}): StoredExport => ({
    sub: 's',
    role: 'client',
    profileId: 'u',
    status: 'ready',
    requestedAt: '2026-11-27T10:00:00.000Z',
    readyAt: '2026-11-27T10:02:00.000Z',
    key: 'exports/s/x.zip',
    size: 1234,
    ...over,
  });

  it('allows one a day (a failed one may be asked again at once), saying when the next may be asked', () => {
    expect(codeOf(() => assertExportAllowed(undefined, '2026-11-27T10:00:00.000Z'))).toBeUndefined();
    expect(codeOf(() => assertExportAllowed(asked(), '2026-11-28T09:59:59.999Z'))).toEqual([409, 'EXPORT_TOO_SOON']);
    expect(codeOf(() => assertExportAllowed(asked(), '2026-11-28T10:00:00.000Z'))).toBeUndefined();
    expect(codeOf(() => assertExportAllowed(asked({ status: 'failed' }), '2026-11-27T10:05:00.000Z'))).toBeUndefined();
    try {
      assertExportAllowed(asked(), '2026-11-27T11:00:00.000Z');
    } catch (err) {
      expect((err as Error).message).toContain('2026-11-28T10:00:00.000Z');
    }
  });

  it('answers the link only while the ZIP is kept (24 hours), then "expired"', () => {
    expect(exportDto(undefined, '2026-11-27T10:00:00.000Z')).toEqual({ status: 'none' });
    expect(exportDto(asked(), '2026-11-27T11:00:00.000Z', 'https://signed')).toEqual({
      status: 'ready',
      requestedAt: '2026-11-27T10:00:00.000Z',
      readyAt: '2026-11-27T10:02:00.000Z',
      expiresAt: '2026-11-28T10:02:00.000Z',
      url: 'https://signed',
      size: 1234,
      nextAllowedAt: '2026-11-28T10:00:00.000Z',
    });
    const later = exportDto(asked(), '2026-11-28T10:02:00.000Z', 'https://signed');
    expect(later.status).toBe('expired');
    expect(later).not.toHaveProperty('url');
    expect(later).not.toHaveProperty('nextAllowedAt');
    expect(exportDto(asked({ status: 'failed', readyAt: undefined }), '2026-11-27T10:01:00.000Z')).toEqual({
      status: 'failed',
      requestedAt: '2026-11-27T10:00:00.000Z',
    });
    // A link given late lives only as long as the file, and at least a minute.
    expect(downloadSecondsLeft('2026-11-27T10:02:00.000Z', '2026-11-28T10:00:00.000Z')).toBe(120);
    expect(downloadSecondsLeft('2026-11-27T10:02:00.000Z', '2026-11-28T10:01:50.000Z')).toBe(60);
  });
});

describe('what stays of others’ records', () => {
  const room: StoredRoom = {
    _id: 'room-1',
    businessId: 'b1',
    clientId: 'c1',
    businessCognitoId: 'sub-b',
    clientCognitoId: 'sub-c',
    user: { username: 'Arta', profilePicture: 'uploads/sub-c/a.png' },
    business: { businessName: 'Studio', location: 'Tirana' },
    userRevision: 3,
    businessVersion: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    lastMessage: 'hi',
    lastSenderId: 'sub-c',
    clientUnread: 1,
    businessUnread: 2,
  };

  it('a room shows a former user with a new id for them, keeps the other side, and drops what was theirs', () => {
    const change = roomWithoutMember(room, 'sub-c')!;
    expect(change.set).toEqual({
      user: { username: '', former: true },
      userRevision: ERASED_VERSION,
      clientCognitoId: formerMemberId('room-1'),
    });
    expect(change.remove.sort()).toEqual(
      ['clientBlocked', 'clientUnread', 'gsi2pk', 'gsi2sk', 'lastMessage', 'lastMessageHidden', 'lastSenderId'].sort(),
    );
    const other = roomWithoutMember(room, 'sub-b')!;
    expect(other.set).toMatchObject({ businessVersion: ERASED_TIME_VERSION, businessCognitoId: 'former-room-1' });
    expect(other.remove).not.toContain('lastMessage');
    expect(roomWithoutMember(room, 'someone-else')).toBeUndefined();
    // No forward-only refresh can write the person back: the versions are above every real one.
    expect(ERASED_TIME_VERSION > '9999-12-31T23:59:59.998Z').toBe(true);
    expect(ERASED_VERSION).toBe(Number.MAX_SAFE_INTEGER);
    expect(roomHasNoMemberLeft({ clientCognitoId: 'former-r', businessCognitoId: 'former-r' })).toBe(true);
    expect(roomHasNoMemberLeft({ clientCognitoId: 'former-r', businessCognitoId: 'sub-b' })).toBe(false);
  });

  const job: StoredFinishedJob = {
    _id: 'j1',
    postId: 'p1',
    businessId: 'b1',
    offerId: 'o1',
    userId: 'c1',
    rating: 4,
    review: 'Good',
    createdAt: '2026-11-01T00:00:00.000Z',
    clientName: 'Arta',
    post: { title: 'Kitchen', images: ['uploads/sub-c/k.png'], location: 'Tirana', content: 'my flat' },
  };

  it('a review of a former client stays, with its stars, and no link, name or picture', () => {
    expect(reviewOfFormerClient(job)).toEqual({
      set: { formerClient: true, post: { title: 'Kitchen', images: [], location: 'Tirana' } },
      remove: ['userId', 'clientName'],
    });
    expect(reviewOfFormerBusiness()).toEqual({
      set: { business: formerBusinessCard(), formerBusiness: true },
      remove: ['reply', 'gsi1pk', 'gsi1sk'],
    });
  });

  const offer = {
    _id: 'o1',
    postId: 'p1',
    businessId: 'b1',
    businessSub: 'sub-b',
    price: 100,
    message: 'We can',
    status: 'finished',
    createdAt: '2026-11-01T00:00:00.000Z',
    postTitle: 'Kitchen',
    includedNote: 'paint',
    proposal: { price: 90, at: '2026-11-02T00:00:00.000Z', note: 'less?' },
    history: [
      { by: 'business', action: 'offer', at: '2026-11-01T00:00:00.000Z', price: 100, note: 'from us' },
      { by: 'client', action: 'counter', at: '2026-11-02T00:00:00.000Z', price: 90, note: 'from the client' },
    ],
  } as StoredOffer;

  it('an offer keeps nothing of an erased side: the client’s notes and request, or the business’s name and words', () => {
    expect(stepsWithoutNotesOf(offer.history, 'client').map((s) => s.note)).toEqual(['from us', undefined]);
    expect(offerOnFormerClientsRequest(offer)).toEqual({
      set: {
        post: { _id: 'p1', gone: true },
        history: [offer.history![0], { by: 'client', action: 'counter', at: '2026-11-02T00:00:00.000Z', price: 90 }],
      },
      remove: ['postTitle', 'proposal'],
    });
    const kept = finishedOfferOfFormerBusiness(offer);
    expect(kept.set.business).toEqual(formerBusinessCard());
    expect(kept.set.message).toBe('');
    expect((kept.set.history as { note?: string }[]).map((s) => s.note)).toEqual([undefined, 'from the client']);
    expect(kept.remove).toEqual(['businessSub', 'gsi2pk', 'gsi2sk', 'includedNote', 'items']);
  });

  it('a former business’s card says so, with no name, picture or rating', () => {
    expect(formerBusinessCard().v).toBe(ERASED_VERSION);
    expect(toBusinessCard(formerBusinessCard(), { sub: 'x', role: 'client' })).toEqual({
      businessName: '',
      former: true,
      ratingAverage: 0,
      reviewCount: 0,
      verified: false,
    });
  });
});

describe('the export’s ZIP', () => {
  it('writes deflated text and stored pictures with UTF-8 names that read back intact', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      const file = path.join(dir, 'x.zip');
      const zip = new ZipFile(file);
      const text = `${'Të dhënat tuaja ✓ '.repeat(200)}\n`;
      const picture = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
      await zip.add('README.txt', text);
      await zip.add('pictures/fotë.png', picture, { compress: false });
      await zip.add('empty.json', '');
      const size = await zip.close();
      const bytes = readFileSync(file);
      expect(bytes.length).toBe(size);
      const entries = readZip(bytes);
      expect(entries.map((e) => e.name)).toEqual(['README.txt', 'pictures/fotë.png', 'empty.json']);
      expect(entries[0].data.toString('utf8')).toBe(text);
      expect(entries[1].data.equals(picture)).toBe(true);
      expect(entries[2].data.length).toBe(0);
      // The text was compressed, the picture stored as is.
      expect(size).toBeLessThan(Buffer.byteLength(text) + picture.length);
      // The UTF-8 flag is set on every name.
      expect(bytes.readUInt16LE(6) & 0x800).toBe(0x800);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
