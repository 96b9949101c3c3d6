/**
 * The rules of a person's data rights (docs/privacy.md): when an account closed today is erased, who may cancel,
 * how often an export may be asked for and what its status says, and what stays of the records others rely on
 * once the person is erased (anonymised, never attributed). Pure: the reads and writes are in lambdas/privacy/.
 */
import type { Language } from '../../common/languages';
import type { Role } from '../../common/constants';
import { erasureDateOf, exportExpiryOf, nextExportAt } from '../../common/privacy';
import type { AccountDeletion, DataExport } from '../../common/schemas/privacy';
import type { StoredClosure } from '../model/closures';
import type { StoredExport } from '../model/exports';
import { conflict, forbidden, gone } from '../lib/errors';
import type { StoredRoom } from '../model/rooms';
import type { NegotiationStep, StoredOffer } from '../model/offers';
import type { BusinessCardCopy } from '../model/copies';
import type { StoredFinishedJob } from '../model/reviews';

// ---- Closing and cancelling ----

/** The closure of an account closed `now`: erased ERASURE_DELAY_DAYS later unless its owner cancels. */
export function newClosure(
  account: { sub: string; role: Role; profileId: string; email?: string; language?: Language },
  now: string,
): StoredClosure {
  return {
    sub: account.sub,
    role: account.role,
    profileId: account.profileId,
    ...(account.email ? { email: account.email } : {}),
    ...(account.language ? { language: account.language } : {}),
    closedAt: now,
    eraseAfter: erasureDateOf(now),
  };
}

/** GET /account/deletion: in use, or closed and when it is erased. */
export const deletionDto = (closure: StoredClosure | undefined): AccountDeletion =>
  closure ? { status: 'closing', closedAt: closure.closedAt, eraseAfter: closure.eraseAfter } : { status: 'active' };

/** Whether the erasure of a closure is due at `now`. */
export const isErasureDue = (closure: Pick<StoredClosure, 'eraseAfter'>, now: string) => closure.eraseAfter <= now;

/**
 * Cancelling needs the person to have signed in after closing (their old sessions were signed out and their tokens
 * refused): an ID token issued (`iat`, whole seconds) before the closure is refused with 403 SIGN_IN_AGAIN, and so
 * is one issued within the closure's own second (it cannot tell which came first).
 */
export function assertSignedInSince(closure: Pick<StoredClosure, 'closedAt'>, issuedAtSeconds: number | undefined) {
  const closedSeconds = Math.floor(Date.parse(closure.closedAt) / 1000);
  if (issuedAtSeconds === undefined || !(issuedAtSeconds > closedSeconds))
    throw forbidden('Sign in again to cancel the deletion of your account', 'SIGN_IN_AGAIN');
}

// ---- Exports ----

/** 409 EXPORT_TOO_SOON while the latest export (not a failed one) is less than EXPORT_EVERY_HOURS old. */
export function assertExportAllowed(latest: StoredExport | undefined, now: string) {
  if (!latest || latest.status === 'failed') return;
  const next = nextExportAt(latest.requestedAt);
  if (now < next) throw conflict(`One data export a day: the next can be asked for from ${next}`, 'EXPORT_TOO_SOON');
}

/** What GET /account/export answers at `now` (the download address only while ready and not past its time). */
export function exportDto(latest: StoredExport | undefined, now: string, url?: string): DataExport {
  if (!latest) return { status: 'none' };
  const expired = latest.status === 'ready' && !!latest.readyAt && exportExpiryOf(latest.readyAt) <= now;
  const nextAllowedAt = latest.status === 'failed' ? undefined : nextExportAt(latest.requestedAt);
  return {
    status: expired ? 'expired' : latest.status,
    requestedAt: latest.requestedAt,
    ...(latest.readyAt ? { readyAt: latest.readyAt, expiresAt: exportExpiryOf(latest.readyAt) } : {}),
    ...(latest.status === 'ready' && !expired && url ? { url } : {}),
    ...(latest.status === 'ready' && typeof latest.size === 'number' ? { size: latest.size } : {}),
    ...(nextAllowedAt && nextAllowedAt > now ? { nextAllowedAt } : {}),
  };
}

/** Seconds a download address given at `now` may live: until the export's time is up, at least a minute. */
export const downloadSecondsLeft = (readyAt: string, now: string) =>
  Math.max(60, Math.floor((Date.parse(exportExpiryOf(readyAt)) - Date.parse(now)) / 1000));

// ---- What stays of others' records once a person is erased ----

/**
 * The version a copy of an erased person gets: above every version a record can have, so no refresh of copies
 * (business cards, room members: lambdas/model/copies.ts COPIES.businessCard, roomClient, roomBusiness), which only moves forward, can
 * write the person back onto it.
 */
export const ERASED_VERSION = Number.MAX_SAFE_INTEGER;
/** The same for a version that is a time (a business's `updatedAt` on its chat rooms). */
export const ERASED_TIME_VERSION = '9999-12-31T23:59:59.999Z';

/** The member id an erased person's side of a chat room gets (its messages' path then names no one). */
export const formerMemberId = (roomId: string) => `former-${roomId}`;
export const isFormerMemberId = (id: string) => id.startsWith('former-');

/** The card of an erased business on what stays of its work (its finished jobs, its finished offers). */
export const formerBusinessCard = (): BusinessCardCopy => ({
  v: ERASED_VERSION,
  cognitoId: '',
  businessName: '',
  ratingSum: 0,
  reviewCount: 0,
  verified: false,
  finishedJobsCount: 0,
  former: true,
});

/** Whether a card copy is an erased business's. */
export const isFormerCard = (card: BusinessCardCopy | undefined) => card?.former === true;

/** A chat room's copy of an erased member: no name, no picture. */
export const formerRoomUser = (): StoredRoom['user'] => ({ username: '', former: true });
export const formerRoomBusiness = (): StoredRoom['business'] => ({ businessName: '', former: true });

/**
 * A room once one member is erased: that member's copy says "former", its id in the room (and so the messages'
 * path) becomes `formerMemberId`, and what the room kept of them (their last message, their unread count, their
 * block) goes. The other member's side is left as it is. Answers the attributes to SET and REMOVE.
 */
export function roomWithoutMember(
  room: StoredRoom,
  erasedSub: string,
): { set: Record<string, unknown>; remove: string[] } | undefined {
  const side: Role | undefined =
    room.clientCognitoId === erasedSub ? 'client' : room.businessCognitoId === erasedSub ? 'business' : undefined;
  if (!side) return undefined;
  const formerId = formerMemberId(room._id);
  const lastWasTheirs = room.lastSenderId === erasedSub;
  const set: Record<string, unknown> =
    side === 'client'
      ? { user: formerRoomUser(), userRevision: ERASED_VERSION, clientCognitoId: formerId }
      : { business: formerRoomBusiness(), businessVersion: ERASED_TIME_VERSION, businessCognitoId: formerId };
  const remove =
    side === 'client'
      ? ['gsi2pk', 'gsi2sk', 'clientUnread', 'clientBlocked']
      : ['gsi1pk', 'gsi1sk', 'businessUnread', 'businessBlocked'];
  if (lastWasTheirs) remove.push('lastMessage', 'lastSenderId', 'lastMessageHidden');
  return { set, remove };
}

/** Whether both members of a room are erased (nothing of it is anyone's any more: it is deleted). */
export const roomHasNoMemberLeft = (room: Pick<StoredRoom, 'clientCognitoId' | 'businessCognitoId'>) =>
  isFormerMemberId(room.clientCognitoId) && isFormerMemberId(room.businessCognitoId);

/**
 * A review once its client is erased: it stays (the business's rating does not change) as a former client's, with
 * no link to anyone: no client id or name, and of the request only its title and town (its pictures are erased).
 */
export function reviewOfFormerClient(job: StoredFinishedJob): { set: Record<string, unknown>; remove: string[] } {
  return {
    set: {
      formerClient: true,
      post: { title: job.post.title, images: [], location: job.post.location },
      // The erased client's consent goes with them: the job's price band no longer shows with its pictures.
      ...(job.bandConsent ? { bandConsent: false, bandVersion: (job.bandVersion ?? 0) + 1 } : {}),
    },
    remove: ['userId', 'clientName'],
  };
}

/**
 * A review once its business is erased: it stays for its client only (out of every list: the business's finished
 * jobs' index entry goes), with the former business's card and without the business's reply.
 */
export const reviewOfFormerBusiness = (): { set: Record<string, unknown>; remove: string[] } => ({
  set: { business: formerBusinessCard(), formerBusiness: true },
  remove: ['reply', 'gsi1pk', 'gsi1sk'],
});

/** A negotiation's steps without what the erased side said in them (their notes). */
export const stepsWithoutNotesOf = (history: NegotiationStep[], by: NegotiationStep['by']): NegotiationStep[] =>
  history.map(({ note, ...step }) => (step.by === by ? step : { ...step, ...(note ? { note } : {}) }));

/**
 * A business's offer on a request whose client is erased: it stays the business's (its history, the price guide's
 * share), with no copy of the request (its title, pictures and owner), no open counter-offer and none of the
 * client's notes.
 */
export function offerOnFormerClientsRequest(offer: StoredOffer): { set: Record<string, unknown>; remove: string[] } {
  return {
    set: { post: { _id: offer.postId, gone: true }, history: stepsWithoutNotesOf(offer.history, 'client') },
    remove: ['postTitle', 'proposal'],
  };
}

/**
 * A finished offer of an erased business, kept on its client's request (the work was done and reviewed): the
 * price and terms stay, the business's card says "former" and what the business wrote (its message, its notes) goes.
 */
export function finishedOfferOfFormerBusiness(offer: StoredOffer): { set: Record<string, unknown>; remove: string[] } {
  return {
    set: { business: formerBusinessCard(), message: '', history: stepsWithoutNotesOf(offer.history, 'business') },
    remove: ['businessSub', 'gsi2pk', 'gsi2sk', 'includedNote', 'items'],
  };
}

// ---- A closed account's records to others ----

/** 410 ACCOUNT_DELETED for the record of an account its owner deleted (closed, waiting for its erasure). */
export function assertNotClosed(record: { closed?: unknown }) {
  if (record.closed) throw gone('This account was deleted by its owner');
}
