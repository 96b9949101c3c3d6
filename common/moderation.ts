/**
 * Reports and moderation (shared by the web app and the API).
 *
 * A moderator is a member of the user pool's `moderator` group (not a `nickname` role: a moderator keeps the
 * client or business account they have): common/userGroups.ts, re-exported here.
 *
 * What can be reported, why, and a report's states are lists of common/constants.ts, which the answer schemas
 * (common/schemas/answers.ts) import; this module takes the answers' types from the schemas, never the other way.
 */
import type * as z from 'zod';
import type {
  createdReportSchema,
  moderationStatsSchema,
  reportedItemSchema,
  weekCountsSchema,
} from './schemas/answers';
import type { ReportReason } from './constants';
import { ideaAppPath } from './ideas';

export { MODERATOR_GROUP, claimHasGroup } from './userGroups';

/** An optional note with a report, in characters. */
export const REPORT_NOTE_MAX = 500;
/** A moderator's reason when hiding, suspending or refusing a verification, in characters. */
export const MODERATION_REASON_MAX = 500;

/** What a moderator does with an open report. */
export const MODERATION_ACTIONS = ['hide', 'dismiss', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The web path of each page that shows a reported item (the queue links to it). */
export const reportedItemLink = {
  post: (postId: string) => `/post/${postId}`,
  business: (businessId: string) => `/businessprofile/${businessId}`,
  idea: (ideaId: string) => ideaAppPath(ideaId),
} as const;

/** POST /report (auth 'user'): report a request, a business profile, a review or an idea. */
export interface CreateReportBody {
  kind: 'post' | 'business' | 'review' | 'idea';
  /** post _id, business _id, finished job _id (review), idea _id. */
  targetId: string;
  reason: ReportReason;
  /** At most REPORT_NOTE_MAX characters. */
  note?: string;
}

/** 201 answer of POST /report. */
export type CreatedReport = z.infer<typeof createdReportSchema>;

/** One queue entry per reported item (every report of the item counts in it). */
export type ReportedItem = z.infer<typeof reportedItemSchema>;

/** How many of the latest reporters' notes a queue entry keeps. */
export const REPORT_NOTES_KEPT = 5;

/** POST /moderation/reports/{id}/decision. `reason` is required for hide and suspend. */
export interface ModerationDecisionBody {
  action: ModerationAction;
  reason?: string;
}

/** GET /moderation/stats?weeks= : how many weeks (newest first). */
export const STATS_WEEKS_MAX = 26;
export const STATS_WEEKS_DEFAULT = 8;

/** One ISO week's counts (Monday to Sunday, UTC). */
export type WeekCounts = z.infer<typeof weekCountsSchema>;

export type ModerationStats = z.infer<typeof moderationStatsSchema>;

/** The counters of a week, in the order the stats answer them. */
export const WEEK_COUNTERS = ['requests', 'offers', 'accepted', 'finished', 'reports'] as const;
export type WeekCounter = (typeof WEEK_COUNTERS)[number];

/** The Monday (YYYY-MM-DD, UTC) of the ISO week `at` falls in. */
export function weekStartOf(at: string | Date): string {
  const d = new Date(at);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

/** The Mondays of the `count` latest weeks up to `now`, newest first. */
export function latestWeekStarts(count: number, now: string | Date = new Date()): string[] {
  const first = new Date(`${weekStartOf(now)}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(first.getTime() - i * 7 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  );
}
