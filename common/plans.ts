/**
 * What each plan gives: the one place the API (quotas, ranking, statistics, the lifecycle job), the web app (the
 * Subscriptions page, Settings > Plan and billing, the offer form's meter), the emails and the public pages read.
 * Prices are in common/constants.ts (SUBSCRIPTION_PLANS: Basic free, Standard 5, Premium 8 a month in the stage's
 * charge currency). docs/payments.md "Plans" describes the rules and the lifecycle.
 *
 * Months are calendar months in Albania's time (Europe/Tirane): a quota resets at midnight of the 1st there.
 */
import { SUBSCRIPTION_PLANS, type PlanId } from './constants';

export interface PlanRules {
  /** Offers a business may make per calendar month; null: unlimited. */
  offersPerMonth: number | null;
  /** Pictures its portfolio (showroom) may hold. Pictures above a lower limit are kept; only new ones are refused. */
  portfolioPictures: number;
  /** Its offers carry the plan's mark and are highlighted to the client (their order is unchanged). */
  highlightedOffers: boolean;
  /**
   * Its place in business search and the public directory at equal standing: a higher tier comes first (the
   * standing itself, rating and reviews, always decides before the plan does).
   */
  rankingTier: number;
  /** Months of statistics it sees (1: this month only), month by month. */
  statisticsMonths: number;
  /** A report of last month's statistics by email at the start of each month. */
  monthlyReport: boolean;
  /** Sponsored 7-day runs included each calendar month (delivered by the ads' own purchase path). */
  includedSponsoredRunsPerMonth: number;
}

export const PLAN_RULES: Readonly<Record<PlanId, PlanRules>> = {
  basic: {
    offersPerMonth: 10,
    portfolioPictures: 12,
    highlightedOffers: false,
    rankingTier: 0,
    statisticsMonths: 1,
    monthlyReport: false,
    includedSponsoredRunsPerMonth: 0,
  },
  standard: {
    offersPerMonth: 40,
    portfolioPictures: 40,
    highlightedOffers: true,
    rankingTier: 1,
    statisticsMonths: 12,
    monthlyReport: false,
    includedSponsoredRunsPerMonth: 0,
  },
  premium: {
    offersPerMonth: null,
    portfolioPictures: 100,
    highlightedOffers: true,
    rankingTier: 2,
    statisticsMonths: 12,
    monthlyReport: true,
    includedSponsoredRunsPerMonth: 1,
  },
};

/** The plans from the cheapest up. */
export const PLAN_IDS: readonly PlanId[] = SUBSCRIPTION_PLANS.map((p) => p.id);
export const isPlanId = (value: unknown): value is PlanId => PLAN_IDS.includes(value as PlanId);

/** The rules of a plan; a business with none recorded is on Basic. */
export const planRules = (plan: PlanId | undefined): PlanRules => PLAN_RULES[plan ?? 'basic'];

/** The most portfolio pictures any plan allows (the request schema's bound; the plan's own limit is the server's). */
export const MAX_PORTFOLIO_PICTURES = Math.max(...PLAN_IDS.map((p) => PLAN_RULES[p].portfolioPictures));

/** The plans whose offers carry a mark (the client sees "Standard" or "Premium" on the offer). */
export const MARKED_PLANS = PLAN_IDS.filter((p) => PLAN_RULES[p].highlightedOffers) as Exclude<PlanId, 'basic'>[];
export type MarkedPlan = (typeof MARKED_PLANS)[number];
export const planMark = (plan: PlanId | undefined): MarkedPlan | undefined =>
  plan && PLAN_RULES[plan].highlightedOffers ? (plan as MarkedPlan) : undefined;

/** Whether going from `from` to `to` is an upgrade (a dearer plan). */
export const isUpgrade = (from: PlanId, to: PlanId) => PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from);

/**
 * When a change of plan takes effect: an upgrade at once (the provider charges the prorated difference now); a
 * downgrade or a cancellation at the end of the paid period (the plan's benefits last until then).
 */
export const changeTakesEffect = (from: PlanId, to: PlanId): 'now' | 'periodEnd' =>
  isUpgrade(from, to) ? 'now' : 'periodEnd';

// ---- Limits ----

export const PLAN_LIMIT_KINDS = ['offersPerMonth', 'portfolioPictures'] as const;
export type PlanLimitKind = (typeof PLAN_LIMIT_KINDS)[number];

/** The limit of a plan for a kind (null: unlimited). */
export const limitOf = (plan: PlanId | undefined, kind: PlanLimitKind): number | null => planRules(plan)[kind];

/** The cheapest plan above `plan` whose limit of `kind` is higher (what lifts it), if any. */
export function planThatLifts(plan: PlanId | undefined, kind: PlanLimitKind): PlanId | undefined {
  const current = limitOf(plan, kind);
  if (current === null) return undefined;
  return PLAN_IDS.slice(PLAN_IDS.indexOf(plan ?? 'basic') + 1).find((p) => {
    const limit = limitOf(p, kind);
    return limit === null || limit > current;
  });
}

/**
 * What a 409 PLAN_LIMIT answers besides `{message, code}`: which limit, the plan's number and how much is used, when
 * it resets (a monthly quota) and the plan that lifts it (none on the top plan).
 */
export interface PlanLimitDetails {
  kind: PlanLimitKind;
  plan: PlanId;
  limit: number;
  used: number;
  resetsAt?: string;
  upgradeTo?: PlanId;
}

// ---- The lifecycle ----

/** What Settings > Plan and billing says of the subscription (GET /subscription `status`). */
export const BILLING_STATUSES = ['free', 'active', 'ending', 'pastDue'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** A failed renewal keeps the plan this many days while the provider retries the card. */
export const GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** When the grace of a renewal that failed at `failedAt` ends (then the business falls back to Basic). */
export const graceEndsAt = (failedAt: string) => new Date(Date.parse(failedAt) + GRACE_DAYS * DAY_MS).toISOString();

/** How often the plans' lifecycle job runs (grace periods ending, downgrades due, Premium's monthly report). */
export const PLAN_LIFECYCLE_SCHEDULE_MINUTES = 60;

// ---- Calendar months in Albania's time ----

export const PLAN_TIME_ZONE = 'Europe/Tirane';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PLAN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function zonedParts(at: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day in Albania (`YYYY-MM-DD`) of a moment. */
export function dayOf(at: Date | string = new Date()): string {
  const p = zonedParts(new Date(at));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The calendar month in Albania (`YYYY-MM`) of a moment. */
export const monthOf = (at: Date | string = new Date()) => dayOf(at).slice(0, 7);

/** The month `n` months after `month` (negative: before). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The moment (ISO, UTC) a month starts: midnight of its 1st in Albania. */
export function monthStartsAt(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, 1);
  const p = zonedParts(new Date(guess));
  const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return new Date(guess - (shownAsUtc - guess)).toISOString();
}

/** When the monthly quotas of the month holding `at` reset: the start of the next month. */
export const quotaResetsAt = (at: Date | string = new Date()) => monthStartsAt(addMonths(monthOf(at), 1));

/** The last `count` months up to the month of `at`, oldest first. */
export const lastMonths = (count: number, at: Date | string = new Date()): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(monthOf(at), i - count + 1));

// ---- What happens to a subscription ----

/**
 * The changes of a business's plan, each kept as an item in the business's partition (`PLANEVENT#...`, written in
 * the same transaction as the change, once per provider event): the notifier tells the business from them, and a
 * consumer of the table's stream can count subscriptions from their INSERTs (docs/payments.md "Plans").
 *
 * | kind | when | notification |
 * |---|---|---|
 * | started | the first month of a paid plan is paid | planStarted |
 * | renewed | a monthly renewal is paid (its payment record is the receipt) | (paymentReceipt) |
 * | upgraded | a dearer plan took effect at once (the prorated charge is its own payment) | planStarted |
 * | downgradeScheduled | the business chose a cheaper paid plan: from the end of the paid period | - |
 * | cancelScheduled | the business cancelled: the plan ends at the end of the paid period | planCancelled |
 * | changeKept | a scheduled downgrade or cancellation was withdrawn | - |
 * | renewalFailed | a renewal's payment failed: the plan is kept through the grace period | planPaymentFailed |
 * | recovered | the renewal was paid during the grace period | (paymentReceipt) |
 * | downgraded | a scheduled downgrade took effect | planDowngraded |
 * | ended | the subscription ended (cancelled, or the grace period passed unpaid): Basic again | planDowngraded |
 * | report | Premium's monthly statistics report is due (last month's figures on the item) | monthlyReport |
 */
export const PLAN_EVENT_KINDS = [
  'started',
  'renewed',
  'upgraded',
  'downgradeScheduled',
  'cancelScheduled',
  'changeKept',
  'renewalFailed',
  'recovered',
  'downgraded',
  'ended',
  'report',
] as const;
export type PlanEventKind = (typeof PLAN_EVENT_KINDS)[number];

/** Why a subscription ended: the business cancelled it, or its renewal stayed unpaid through the grace period. */
export const PLAN_END_REASONS = ['canceled', 'paymentFailed'] as const;
export type PlanEndReason = (typeof PLAN_END_REASONS)[number];
