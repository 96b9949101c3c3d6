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

/**
 * Why a run ended: its days were over, its payment was wholly refunded, or its business cancelled it before its first
 * day (`canceled`) or stopped it while live (`stopped`: runStopTerms).
 */
export const AD_RUN_END_REASONS = ['finished', 'refunded', 'canceled', 'stopped'] as const;
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a run's own page and lists show of its dates: its days, and the first and last day it is shown. */
export interface RunDays {
  /** How many days it lasts (AD_RUN_DAYS for a whole run; fewer for one ended early). */
  days: number;
  /**
   * Whether it runs whole days (from 00:00 UTC on its first day to 24:00 on its last: a run with a chosen first day).
   * A run that started when it was paid starts and ends at that time of day, so both of its dates carry the time.
   */
  wholeDays: boolean;
  /** The first and the last day it is shown (`YYYY-MM-DD`, UTC): a 7-day run from 7 December shows to 13 December. */
  firstDay: string;
  lastDay: string;
}

/** The days of a run from `startsAt` to `endsAt` (its end, or when it was ended early). */
export function runDays(startsAt: string, endsAt: string): RunDays {
  const start = Date.parse(startsAt);
  const end = Math.max(start, Date.parse(endsAt));
  const wholeDays = start % DAY_MS === 0 && end % DAY_MS === 0;
  return {
    days: Math.max(0, Math.round((end - start) / DAY_MS)),
    wholeDays,
    firstDay: dayOf(startsAt),
    // The last instant shown is just before the end: a run ending at 00:00 was last shown the day before.
    lastDay: new Date(Math.max(start, end - 1)).toISOString().slice(0, 10),
  };
}

// ---- Cancelling or stopping a run: the refund rule ----

/**
 * What the business's run gets when the business cancels or stops it (POST /ad/{id}/stop, or DELETE /ad/{id} of a
 * run that is paid and not over). The rule, whose words are `ads.stop.rule` in the web catalogues (the API's answer
 * and the app's help text read the same words):
 *
 * - paid and not started yet (scheduled): cancelled, its whole price refunded;
 * - live: stopped at once, refunded 1/AD_RUN_DAYS of its price for each whole day it has left (the day under way
 *   is not refunded), rounded down to the cent;
 * - a plan's included run: stopped, nothing refunded (nothing was paid), the month's included run stays used;
 * - never more than is left of its payment (after refunds and chargebacks).
 *
 * Undefined for a run that is neither scheduled nor live (nothing to cancel or stop).
 */
export interface RunStopTerms {
  kind: 'cancel' | 'stop';
  /** Whole days the run had left (all AD_RUN_DAYS of a run not started yet). */
  daysLeft: number;
  /** What goes back to the card, in the run's currency (0 for an included run, or nothing left to refund). */
  refund: number;
}

export function runStopTerms(
  run: {
    state?: AdRunState;
    startsAt?: string;
    endsAt?: string;
    price?: number;
    includedMonth?: string;
  },
  now: string,
  /** What is left of the run's payment to refund (its amount less what was taken back); absent: the run's price. */
  paymentLeft?: number,
): RunStopTerms | undefined {
  if (run.state !== 'scheduled' && run.state !== 'live') return undefined;
  const price = run.includedMonth ? 0 : (run.price ?? 0);
  const cap = (amount: number) => Math.max(0, Math.min(amount, paymentLeft ?? amount));
  if (run.state === 'scheduled') return { kind: 'cancel', daysLeft: AD_RUN_DAYS, refund: cap(price) };
  const left = run.endsAt ? Date.parse(run.endsAt) - Date.parse(now) : 0;
  const daysLeft = Math.max(0, Math.min(AD_RUN_DAYS, Math.floor(left / DAY_MS)));
  return { kind: 'stop', daysLeft, refund: cap(Math.floor((price * daysLeft * 100) / AD_RUN_DAYS) / 100) };
}

// ---- The same business's runs that a new one would overlap ----

/** A run's targeting and time, as far as overlapping goes. */
export interface RunReach {
  category?: string;
  /** Empty: the whole country. */
  towns: readonly string[];
  startsAt: string;
  endsAt: string;
}

/**
 * What buying a run would add to the business's own paid runs (scheduled or live) for the same service that share
 * a town (or the whole country) and some time with it: a strip shows a business once (lambdas/domain/adStrip.ts),
 * so a run that overlaps another buys only what the others do not cover. POST /ad answers 409 AD_RUN_OVERLAP with
 * this (unless `allowOverlap`), and Create an ad says it before the payment.
 */
export interface RunOverlap {
  /** The business's runs it overlaps. */
  runs: { _id: string; state: 'scheduled' | 'live'; towns: string[]; startsAt: string; endsAt: string }[];
  /** Its towns that none of them is shown in. */
  addsTowns: string[];
  /** It is for the whole country and none of them is: it adds every other town. */
  addsCountry: boolean;
  /** Whole days of it that none of them covers. */
  addsDays: number;
}

/** Where and when a run would be shown if it were paid `now` (a chosen first day starts at its 00:00 UTC). */
export const plannedReach = (
  targeting: { category?: string; towns?: readonly string[]; startDate?: string },
  now: string,
): RunReach => {
  const startsAt = runStart(now, targeting.startDate);
  return {
    ...(targeting.category ? { category: targeting.category } : {}),
    towns: targeting.towns ?? [],
    startsAt,
    endsAt: runEnd(startsAt),
  };
};

/** A stored or listed run's reach, its times '' while it has none (never paid, so never overlapping). */
export const reachOfRun = (run: {
  _id: string;
  state?: AdRunState;
  category?: string;
  towns?: readonly string[];
  startsAt?: string;
  endsAt?: string;
}): RunReach & { _id: string; state?: AdRunState } => ({
  _id: run._id,
  ...(run.state ? { state: run.state } : {}),
  ...(run.category ? { category: run.category } : {}),
  towns: run.towns ?? [],
  startsAt: run.startsAt ?? '',
  endsAt: run.endsAt ?? '',
});

const sharesTown = (a: readonly string[], b: readonly string[]) =>
  a.length === 0 || b.length === 0 || a.some((town) => b.includes(town));

export function runOverlap(
  existing: readonly (RunReach & { _id: string; state?: AdRunState })[],
  wanted: RunReach,
): RunOverlap | undefined {
  const runs = existing.filter(
    (run): run is RunReach & { _id: string; state: 'scheduled' | 'live' } =>
      (run.state === 'scheduled' || run.state === 'live') &&
      (run.category ?? '') === (wanted.category ?? '') &&
      sharesTown(run.towns, wanted.towns) &&
      run.startsAt < wanted.endsAt &&
      wanted.startsAt < run.endsAt,
  );
  if (!runs.length) return undefined;
  const countryWide = runs.some((run) => run.towns.length === 0);
  const covered = new Set(runs.flatMap((run) => run.towns));
  // The time of the new run outside every overlapping run, in whole days.
  let uncovered = 0;
  let from = Date.parse(wanted.startsAt);
  const to = Date.parse(wanted.endsAt);
  for (const run of [...runs].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const start = Date.parse(run.startsAt);
    if (start > from) uncovered += Math.min(start, to) - from;
    from = Math.max(from, Date.parse(run.endsAt));
    if (from >= to) break;
  }
  if (from < to) uncovered += to - from;
  return {
    runs: runs.map((run) => ({
      _id: run._id,
      state: run.state,
      towns: [...run.towns],
      startsAt: run.startsAt,
      endsAt: run.endsAt,
    })),
    addsTowns: countryWide ? [] : wanted.towns.filter((town) => !covered.has(town)),
    addsCountry: wanted.towns.length === 0 && !countryWide,
    addsDays: Math.round(uncovered / DAY_MS),
  };
}
