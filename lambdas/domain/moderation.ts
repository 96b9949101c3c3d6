/**
 * Reports and moderation rules (docs/access-patterns.md, "Moderation"): which entry a report joins,
 * who may not report what, who sees a hidden item, what a decision does, and the queue entry as answered.
 */
import { createHash } from 'node:crypto';
import { REPORT_NOTES_KEPT, type ModerationAction } from '../../common/moderation';
import type { ReportKind, ReportStatus } from '../../common/constants';
import type { Caller, HiddenMark } from '../../common/types';
import { badRequest } from '../lib/errors';
import type { StoredReport, StoredReportedItem } from '../model/moderation';

/**
 * The queue entry id of a reported item: a hash of its kind and id, so every report of the item finds the
 * same entry without a read, and the id is safe in a path (base64url, 22 characters).
 */
export const reportEntryId = (kind: ReportKind, targetId: string) =>
  createHash('sha256').update(`${kind}#${targetId}`).digest('base64url').slice(0, 22);

/** What a report needs to know of the reported item (read when it is reported). */
export interface ReportTarget {
  kind: ReportKind;
  targetId: string;
  excerpt: string;
  ownerSub: string;
  ownerName?: string;
  link?: string;
  /** Other accounts that may not report it (a review's business). */
  alsoOwnedBy?: string[];
}

/** How long an excerpt of the reported item the queue keeps, in characters. */
export const EXCERPT_MAX = 300;
export const excerptOf = (text: string) => {
  const chars = [...text.trim()];
  return chars.length > EXCERPT_MAX ? `${chars.slice(0, EXCERPT_MAX - 1).join('')}…` : chars.join('');
};

/** 400 OWN_ITEM: nobody reports their own request, business, a review they wrote or one about their business. */
export function assertNotOwnItem(target: ReportTarget, caller: Caller) {
  if (target.ownerSub === caller.sub || target.alsoOwnedBy?.includes(caller.sub)) {
    throw badRequest('You cannot report your own item', undefined, 'OWN_ITEM');
  }
}

/** The entry after one more report: counts, the reason's count, the latest notes (newest last). */
export function withReport(
  entry: StoredReportedItem | undefined,
  target: ReportTarget,
  report: Pick<StoredReport, 'reason' | 'note' | 'createdAt'>,
  entryId: string,
): StoredReportedItem {
  const base: StoredReportedItem = entry ?? {
    _id: entryId,
    kind: target.kind,
    targetId: target.targetId,
    status: 'open',
    excerpt: excerptOf(target.excerpt),
    ownerSub: target.ownerSub,
    ...(target.ownerName ? { ownerName: target.ownerName } : {}),
    ...(target.link ? { link: target.link } : {}),
    reportCount: 0,
    reasons: {},
    notes: [],
    firstReportedAt: report.createdAt,
    lastReportedAt: report.createdAt,
  };
  return {
    ...base,
    reportCount: base.reportCount + 1,
    reasons: { ...base.reasons, [report.reason]: (base.reasons[report.reason] ?? 0) + 1 },
    notes: report.note ? [...base.notes, report.note].slice(-REPORT_NOTES_KEPT) : base.notes,
    lastReportedAt: report.createdAt,
  };
}

/** The status an entry gets from a decision. */
export const STATUS_OF_ACTION: Record<ModerationAction, ReportStatus> = {
  hide: 'hidden',
  dismiss: 'dismissed',
  suspend: 'suspended',
};

/** Whether a decision hides the item (a suspension hides it too). */
export const hidesItem = (action: ModerationAction) => action !== 'dismiss';

/** The mark a hidden item carries. */
export const hiddenMark = (reason: string, at: string): NonNullable<HiddenMark['hidden']> => ({ reason, at });

/**
 * Whether `viewer` may see an item (hidden or not): everyone sees what is not hidden; a hidden item
 * only its owner (by Cognito sub) and moderators.
 */
export const maySee = (item: HiddenMark, ownerSub: string | undefined, viewer: Caller) =>
  !item.hidden || viewer.moderator || (ownerSub !== undefined && ownerSub === viewer.sub);

/** The items of a list page that `viewer` may see (the owner of the whole list sees them all). */
export const visibleTo = <T extends HiddenMark>(items: T[], viewer: Caller, ownerSub?: string) =>
  items.filter((i) => maySee(i, ownerSub, viewer));
