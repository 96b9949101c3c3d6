/**
 * Sponsored runs, as the API, the web app, the public pages and the emails share them (docs/sponsored-runs.md).
 *
 * Buying an ad buys one run: AD_RUN_DAYS days in front of the clients of one service (category) in up to
 * AD_RUN_MAX_TOWNS towns, or the whole country, at AD_PRICE a run (common/constants.ts: the one price; Paddle's
 * `adRun` price must match it). A run is
 *
 *   awaiting_payment -> scheduled -> live -> ended
 *
 * scheduled when its payment completes (or at once for a plan's included run), live from its start (the payment's
 * completion, or the first day the business chose), ended AD_RUN_DAYS later, or at once by a whole refund.
 */
import { addDays, todayDate } from './constants';

/** How long a run is live. */
export const AD_RUN_DAYS = 7;
/** Towns one run may name; none is the whole country. */
export const AD_RUN_MAX_TOWNS = 3;
/** The latest first day a business may choose, counted from today. */
export const AD_RUN_START_MAX_DAYS = 60;
/** Runs one Sponsored strip (or a public page's Sponsored block) shows at most. */
export const AD_STRIP_SIZE = 4;
/** The most runs GET /ads answers (the Sponsored page, "Show more"). */
export const AD_LIST_MAX = 100;
/** Profile views and chats started within this many days of a click count for the clicked run. */
export const AD_ATTRIBUTION_DAYS = 7;
/** How often the scheduled job starts and ends runs (a schedule in the cloud, a timer on `npm start`). */
export const AD_RUN_SCHEDULE_MINUTES = 5;

export const AD_RUN_STATES = ['awaiting_payment', 'scheduled', 'live', 'ended'] as const;
export type AdRunState = (typeof AD_RUN_STATES)[number];

/** Why a run ended: its days were over, or its payment was wholly refunded. */
export const AD_RUN_END_REASONS = ['finished', 'refunded'] as const;
export type AdRunEndReason = (typeof AD_RUN_END_REASONS)[number];

/** What a run's figures count, each per day (UTC). */
export const AD_FIGURES = ['impressions', 'clicks', 'profileViews', 'chats'] as const;
export type AdFigure = (typeof AD_FIGURES)[number];
export type AdFigureCounts = Record<AdFigure, number>;

export const noFigures = (): AdFigureCounts => ({ impressions: 0, clicks: 0, profileViews: 0, chats: 0 });

/** A page view's id (the web app makes one per page view): letters, digits, - and _, so a retried read counts once. */
export const VIEW_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The web app's page of one run (its figures per day), and the Create ad flow started again from a run. */
export const AD_RUN_PAGE_PATH = '/ads/:adId';
export const adRunPagePath = (adId: string) => AD_RUN_PAGE_PATH.replace(':adId', encodeURIComponent(adId));
export const CREATE_AD_PATH = '/create-ad';
/** "Run it again": the Create ad flow filled with an earlier run's picture and targeting. */
export const runAgainPath = (adId: string) => `${CREATE_AD_PATH}?again=${encodeURIComponent(adId)}`;

/** The first day a run may start on (today), and the last one a business may choose. */
export const startDateRange = (now = new Date()) => ({
  first: todayDate(now),
  last: addDays(todayDate(now), AD_RUN_START_MAX_DAYS),
});

/** When a run paid at `paidAt` starts: then, or at the start (00:00 UTC) of the first day chosen, whichever is later. */
export function runStart(paidAt: string, startDate?: string): string {
  if (!startDate) return paidAt;
  const chosen = `${startDate}T00:00:00.000Z`;
  return chosen > paidAt ? chosen : paidAt;
}

/** When a run that starts at `startsAt` ends. */
export const runEnd = (startsAt: string) =>
  new Date(Date.parse(startsAt) + AD_RUN_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** The UTC day (`YYYY-MM-DD`) of a time. */
export const dayOf = (at: string) => at.slice(0, 10);
