/**
 * The answers of the moderation routes, as the shared HTTP contract words them (common/moderation.ts
 * holds them once the API lands; these are identical and give way to those on merge).
 */
import type { ReportKind, ReportReason, ReportStatus } from '../../../../../common/moderation';

/** One queue entry per reported item (every report of the item counts in it). */
export interface ReportedItem {
  _id: string;
  kind: ReportKind;
  targetId: string;
  status: ReportStatus;
  /** What the item says, copied at the first report (title, business name, review text, message). */
  excerpt: string;
  /** The account that wrote / owns it (the one a 'suspend' disables). */
  ownerSub: string;
  ownerName?: string;
  /** The web path that shows the item. */
  link?: string;
  reportCount: number;
  reasons: Partial<Record<ReportReason, number>>;
  /** The latest few reporters' notes. */
  notes: string[];
  firstReportedAt: string;
  lastReportedAt: string;
  decidedAt?: string;
  decisionReason?: string;
}

/** One week of GET /moderation/stats (weekStart: a Monday, YYYY-MM-DD, UTC). */
export interface WeeklyCounts {
  weekStart: string;
  requests: number;
  offers: number;
  accepted: number;
  finished: number;
  reports: number;
}

export interface ModerationStats {
  weeks: WeeklyCounts[];
}
