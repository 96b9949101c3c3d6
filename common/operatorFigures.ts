/**
 * The operator's figures (docs/operator-figures.md): is the marketplace working? One list of what is counted and of
 * the figures made from it, read by the stream's consumer (lambdas/notify/operatorFigures.ts, which adds to the
 * counters), the API (GET /operator/figures, /operator/grid, /operator/export), the screen (web/src/features/operator),
 * the weekly email (lambdas/notify/operatorReport.ts) and the CSV export. A new figure is one more counter (what the
 * consumer adds to) and one more entry of OPERATOR_FIGURES (how it is made from the counters), with its words in the
 * web catalogues (`operator.figure.{id}` in common/i18n/catalog/{sq,en}/operator.ts): every consumer of the list
 * shows it from then on.
 *
 * Counted per ISO week (Monday to Sunday, UTC), per town and per service (a request's categories, a business's
 * services), per town and service together, and across Albania. A request's figures (answered, offers, accepted,
 * time to a first offer) are counted in the week the request was posted, so each week's shares are of that week's
 * requests (and a recent week still grows while its requests get answers); everything else in the week it happened.
 */
import { logBuckets, type BucketCounts } from './logBuckets';
import { weekStartOf } from './moderation';

/** Operators are members of the user pool's `operator` group: common/userGroups.ts, re-exported here. */
export { OPERATOR_GROUP } from './userGroups';

/** Where a counter is kept: in every area (country, town, service, town and service), or across Albania only. */
export type CounterReach = 'areas' | 'country';

/**
 * What the consumer counts, and where. `areas` counters of a request are kept in its town and each of its services
 * (and each pair); of a business, in its own town and each of its services.
 */
export const OPERATOR_COUNTERS = {
  /** Requests posted. */
  requests: 'areas',
  /** Requests (of the week they were posted) that got a first offer, whenever it came. */
  answered: 'areas',
  /** ... whose first offer came within OPERATOR_ANSWER_WITHIN_HOURS of posting. */
  answeredWithin24h: 'areas',
  /** Offers made on the week's requests, whenever they came. */
  offers: 'areas',
  /** The week's requests whose client accepted an offer (once per request, whenever). */
  accepted: 'areas',
  /** Jobs marked finished (with their review) in the week, and the sum of their stars. */
  finished: 'areas',
  ratingSum: 'areas',
  /** Clients and businesses with at least one action in the week (counted once per week each). */
  activeClients: 'country',
  activeBusinesses: 'areas',
  /** New client and business profiles. */
  signupsClients: 'country',
  signupsBusinesses: 'areas',
  /** Chat rooms opened (one per business and client pair). */
  chatRooms: 'country',
  /** Sponsored runs whose payment completed, and what they were paid (a plan's included run is no sale: not counted). */
  adRuns: 'country',
  adRevenue: 'country',
  /** Plan payments completed (first months, renewals, the prorated charges of upgrades), and what they were paid. */
  subscriptionPayments: 'country',
  subscriptionRevenue: 'country',
  /** Refunds approved, and the amount they gave back (a refund reversed later counts back out). */
  refunds: 'country',
  refundedAmount: 'country',
  /** Chargebacks (the buyer's bank took a payment back), and their amount (a chargeback reversed counts back out). */
  chargebacks: 'country',
  chargebackAmount: 'country',
  /** Subscriptions started (their first month paid), by plan. */
  subscriptionsNewStandard: 'country',
  subscriptionsNewPremium: 'country',
  /** Subscriptions ended (cancelled, or their grace period over unpaid), by the plan they ended on. */
  subscriptionsEndedStandard: 'country',
  subscriptionsEndedPremium: 'country',
  /** Renewals that failed (the subscription went past due), by plan. */
  renewalsFailedStandard: 'country',
  renewalsFailedPremium: 'country',
  /** Levels (OPERATOR_LEVELS): the subscriptions active at the end of the week by plan, and their monthly prices. */
  subscriptionsActiveStandard: 'country',
  subscriptionsActivePremium: 'country',
  mrr: 'country',
} as const satisfies Record<string, CounterReach>;
export type OperatorCounter = keyof typeof OPERATOR_COUNTERS;
export const OPERATOR_COUNTER_NAMES = Object.keys(OPERATOR_COUNTERS) as OperatorCounter[];

/**
 * Counters that are levels, not flows: a week's item keeps the week's net change (ADD, like any counter) and the
 * country's level item keeps the level now, moved in the same transaction; a week reads its closing level, the level
 * now less the net changes of every later week (lambdas/data/operatorFigures.ts readWeeks). So a week with no change
 * shows the level it closed on, and changes counted late or in any order land in the right weeks.
 */
export const OPERATOR_LEVELS = [
  'subscriptionsActiveStandard',
  'subscriptionsActivePremium',
  'mrr',
] as const satisfies readonly OperatorCounter[];
export const isLevel = (counter: OperatorCounter) => (OPERATOR_LEVELS as readonly string[]).includes(counter);

/** The paid plans the subscription figures are kept by, and each one's counters. */
export const COUNTED_PLANS = ['standard', 'premium'] as const;
export type CountedPlan = (typeof COUNTED_PLANS)[number];
export const isCountedPlan = (plan: unknown): plan is CountedPlan => COUNTED_PLANS.includes(plan as CountedPlan);
export const PLAN_COUNTERS: Record<
  CountedPlan,
  { started: OperatorCounter; ended: OperatorCounter; renewalFailed: OperatorCounter; active: OperatorCounter }
> = {
  standard: {
    started: 'subscriptionsNewStandard',
    ended: 'subscriptionsEndedStandard',
    renewalFailed: 'renewalsFailedStandard',
    active: 'subscriptionsActiveStandard',
  },
  premium: {
    started: 'subscriptionsNewPremium',
    ended: 'subscriptionsEndedPremium',
    renewalFailed: 'renewalsFailedPremium',
    active: 'subscriptionsActivePremium',
  },
};

/** A sum of money as counted: to the cent (DynamoDB adds decimals exactly; JavaScript's sums are rounded back). */
export const cents = (n: number) => Math.round(n * 100) / 100;

/** A request counts as answered fast when its first offer came within this many hours. */
export const OPERATOR_ANSWER_WITHIN_HOURS = 24;

/**
 * The time to a first offer is counted in buckets (common/logBuckets.ts), never as the times themselves: its median
 * and 90th percentile are within this fraction of the exact (nearest-rank) value. 0.05: at most 5 % off.
 */
export const OPERATOR_TIME_ACCURACY = 0.05;
export const OPERATOR_TIME_ACCURACY_PERCENT = Math.round(OPERATOR_TIME_ACCURACY * 100);
/** The buckets of the time to a first offer, in seconds (a first offer in under a second counts as one second). */
export const FIRST_OFFER_BUCKETS = logBuckets(OPERATOR_TIME_ACCURACY);
export const firstOfferBucket = (seconds: number) => FIRST_OFFER_BUCKETS.bucketOf(Math.max(1, seconds));

/** One scope's week as stored: each counter (0 when nothing was counted) and the time-to-first-offer buckets. */
export interface WeekTally {
  weekStart: string;
  counts: Record<OperatorCounter, number>;
  firstOfferSeconds: BucketCounts;
}

export const emptyTally = (weekStart: string): WeekTally => ({
  weekStart,
  counts: Object.fromEntries(OPERATOR_COUNTER_NAMES.map((c) => [c, 0])) as Record<OperatorCounter, number>,
  firstOfferSeconds: new Map(),
});

/** How a figure's value reads: a number of things, a share (0..1), things per request, seconds, stars, money. */
export type FigureUnit = 'count' | 'share' | 'ratio' | 'seconds' | 'rating' | 'money';

export interface FigureDefinition {
  id: string;
  unit: FigureUnit;
  /** Which way is good news (the screen colours the change from the week before by it). */
  better: 'up' | 'down';
  /** Where it is kept (a figure of `country` counters has no town or service figure). */
  reach: CounterReach;
  /** The counters it is made from, in the CSV's columns after the value. */
  parts: readonly OperatorCounter[];
  /** Shown as a headline (the screen's cards and the weekly email), besides its chart. */
  headline: boolean;
  /** The week's value; null when it cannot be said (no requests, no finished job, no first offer yet). */
  value(week: WeekTally): number | null;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const count =
  (counter: OperatorCounter) =>
  (w: WeekTally): number =>
    w.counts[counter];
const firstOfferPercentile = (q: number) => (w: WeekTally) =>
  FIRST_OFFER_BUCKETS.percentile(w.firstOfferSeconds, q) ?? null;

/** Every figure, in the order the screen, the email and the export show them. */
export const OPERATOR_FIGURES = [
  {
    id: 'requests',
    unit: 'count',
    better: 'up',
    reach: 'areas',
    parts: ['requests'],
    headline: true,
    value: count('requests'),
  },
  {
    id: 'answeredWithin24h',
    unit: 'share',
    better: 'up',
    reach: 'areas',
    parts: ['answeredWithin24h', 'requests'],
    headline: true,
    value: (w) => share(w.counts.answeredWithin24h, w.counts.requests),
  },
  {
    id: 'firstOfferMedian',
    unit: 'seconds',
    better: 'down',
    reach: 'areas',
    parts: ['answered'],
    headline: true,
    value: firstOfferPercentile(0.5),
  },
  {
    id: 'firstOfferP90',
    unit: 'seconds',
    better: 'down',
    reach: 'areas',
    parts: ['answered'],
    headline: false,
    value: firstOfferPercentile(0.9),
  },
  {
    id: 'offersPerRequest',
    unit: 'ratio',
    better: 'up',
    reach: 'areas',
    parts: ['offers', 'requests'],
    headline: true,
    value: (w) => share(w.counts.offers, w.counts.requests),
  },
  {
    id: 'acceptanceRate',
    unit: 'share',
    better: 'up',
    reach: 'areas',
    parts: ['accepted', 'requests'],
    headline: true,
    value: (w) => share(w.counts.accepted, w.counts.requests),
  },
  {
    id: 'finishedJobs',
    unit: 'count',
    better: 'up',
    reach: 'areas',
    parts: ['finished'],
    headline: true,
    value: count('finished'),
  },
  {
    id: 'averageRating',
    unit: 'rating',
    better: 'up',
    reach: 'areas',
    parts: ['ratingSum', 'finished'],
    headline: false,
    value: (w) => share(w.counts.ratingSum, w.counts.finished),
  },
  {
    id: 'activeClients',
    unit: 'count',
    better: 'up',
    reach: 'country',
    parts: ['activeClients'],
    headline: true,
    value: count('activeClients'),
  },
  {
    id: 'activeBusinesses',
    unit: 'count',
    better: 'up',
    reach: 'areas',
    parts: ['activeBusinesses'],
    headline: true,
    value: count('activeBusinesses'),
  },
  {
    id: 'signupsClients',
    unit: 'count',
    better: 'up',
    reach: 'country',
    parts: ['signupsClients'],
    headline: false,
    value: count('signupsClients'),
  },
  {
    id: 'signupsBusinesses',
    unit: 'count',
    better: 'up',
    reach: 'areas',
    parts: ['signupsBusinesses'],
    headline: false,
    value: count('signupsBusinesses'),
  },
  {
    id: 'chatRooms',
    unit: 'count',
    better: 'up',
    reach: 'country',
    parts: ['chatRooms'],
    headline: false,
    value: count('chatRooms'),
  },
  // ---- Revenue (across Albania; money in the stage's charge currency, common/payments.ts) ----
  {
    id: 'revenue',
    unit: 'money',
    better: 'up',
    reach: 'country',
    parts: ['adRevenue', 'subscriptionRevenue'],
    headline: true,
    value: (w) => cents(w.counts.adRevenue + w.counts.subscriptionRevenue),
  },
  {
    id: 'mrr',
    unit: 'money',
    better: 'up',
    reach: 'country',
    parts: ['mrr', 'subscriptionsActiveStandard', 'subscriptionsActivePremium'],
    headline: true,
    value: count('mrr'),
  },
  {
    id: 'subscriptionsNew',
    unit: 'count',
    better: 'up',
    reach: 'country',
    parts: ['subscriptionsNewStandard', 'subscriptionsNewPremium'],
    headline: true,
    value: (w) => w.counts.subscriptionsNewStandard + w.counts.subscriptionsNewPremium,
  },
  {
    id: 'adRuns',
    unit: 'count',
    better: 'up',
    reach: 'country',
    parts: ['adRuns'],
    headline: false,
    value: count('adRuns'),
  },
  {
    id: 'adRevenue',
    unit: 'money',
    better: 'up',
    reach: 'country',
    parts: ['adRevenue', 'adRuns'],
    headline: false,
    value: count('adRevenue'),
  },
  {
    id: 'subscriptionRevenue',
    unit: 'money',
    better: 'up',
    reach: 'country',
    parts: ['subscriptionRevenue', 'subscriptionPayments'],
    headline: false,
    value: count('subscriptionRevenue'),
  },
  ...COUNTED_PLANS.flatMap((plan) => {
    const c = PLAN_COUNTERS[plan];
    const Plan = plan === 'standard' ? 'Standard' : 'Premium';
    return [
      { id: `subscriptionsActive${Plan}`, better: 'up', parts: [c.active], value: count(c.active) },
      { id: `subscriptionsNew${Plan}`, better: 'up', parts: [c.started], value: count(c.started) },
      { id: `subscriptionsEnded${Plan}`, better: 'down', parts: [c.ended], value: count(c.ended) },
      { id: `renewalsFailed${Plan}`, better: 'down', parts: [c.renewalFailed], value: count(c.renewalFailed) },
    ] as const;
  }).map((f) => ({ ...f, unit: 'count', reach: 'country', headline: false }) as const),
  {
    id: 'refunds',
    unit: 'count',
    better: 'down',
    reach: 'country',
    parts: ['refunds'],
    headline: false,
    value: count('refunds'),
  },
  {
    id: 'refundedAmount',
    unit: 'money',
    better: 'down',
    reach: 'country',
    parts: ['refundedAmount', 'refunds'],
    headline: false,
    value: count('refundedAmount'),
  },
  {
    id: 'chargebacks',
    unit: 'count',
    better: 'down',
    reach: 'country',
    parts: ['chargebacks'],
    headline: false,
    value: count('chargebacks'),
  },
  {
    id: 'chargebackAmount',
    unit: 'money',
    better: 'down',
    reach: 'country',
    parts: ['chargebackAmount', 'chargebacks'],
    headline: false,
    value: count('chargebackAmount'),
  },
] as const satisfies readonly FigureDefinition[];

export type OperatorFigureId = (typeof OPERATOR_FIGURES)[number]['id'];
export const OPERATOR_FIGURE_IDS = OPERATOR_FIGURES.map((f) => f.id) as [OperatorFigureId, ...OperatorFigureId[]];
export const figureById = (id: OperatorFigureId): FigureDefinition =>
  (OPERATOR_FIGURES as readonly FigureDefinition[]).find((f) => f.id === id)!;

/** The figures of a scope: all of them across Albania; only the `areas` ones in a town or a service. */
export const figuresOfScope = (scope: FigureScope): readonly FigureDefinition[] =>
  (OPERATOR_FIGURES as readonly FigureDefinition[]).filter((f) => f.reach === 'areas' || isCountry(scope));

/** Every figure's value of one week. */
export const figureValues = (week: WeekTally) =>
  Object.fromEntries((OPERATOR_FIGURES as readonly FigureDefinition[]).map((f) => [f.id, f.value(week)])) as Record<
    OperatorFigureId,
    number | null
  >;

// ---- How a figure reads (the screen and the email word it with their own catalogue and number format) ----

/** The texts a figure's value and change are worded with (common/i18n/catalog/{sq,en}/operator.ts). */
export type FigureTextId =
  | 'operator.noValue'
  | 'operator.rating'
  | 'operator.duration.seconds'
  | 'operator.duration.minutes'
  | 'operator.duration.hours'
  | 'operator.duration.days'
  | 'operator.change.up'
  | 'operator.change.down'
  | 'operator.change.same'
  | 'operator.change.new'
  | 'operator.change.none'
  | 'operator.change.points';

/** A language's way of writing numbers and texts. */
export interface FigureWords {
  number(
    n: number,
    options?: { style?: 'percent'; minimumFractionDigits?: number; maximumFractionDigits?: number },
  ): string;
  text(id: FigureTextId, values?: Record<string, string | number>): string;
  money(n: number): string;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** A value as it reads: a count, a share in percent, per request, a time, stars, money; "No figure" for null. */
export function figureValueText(unit: FigureUnit, v: number | null | undefined, w: FigureWords): string {
  if (v === null || v === undefined) return w.text('operator.noValue');
  const decimals = (n: number, digits: number) => w.number(n, { maximumFractionDigits: digits });
  switch (unit) {
    case 'count':
      return w.number(v);
    case 'share':
      return w.number(v, { style: 'percent', maximumFractionDigits: 0 });
    case 'ratio':
      return w.number(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    case 'rating':
      return w.text('operator.rating', { n: w.number(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
    case 'money':
      return w.money(v);
    case 'seconds':
      if (v < 90) return w.text('operator.duration.seconds', { n: decimals(v, 0) });
      if (v < 90 * MINUTE) return w.text('operator.duration.minutes', { n: decimals(v / MINUTE, 0) });
      if (v < 2 * DAY) return w.text('operator.duration.hours', { n: decimals(v / HOUR, v < 10 * HOUR ? 1 : 0) });
      return w.text('operator.duration.days', { n: Math.round((v / DAY) * 10) / 10 });
  }
}

/** Good news, bad news (by the figure's `better`), no change, or nothing to compare. */
export type ChangeTone = 'good' | 'bad' | 'same' | 'none';

/**
 * The change from the week before: a share's in percentage points, anything else's in percent of the week before;
 * "none the week before" when there was nothing to compare with.
 */
export function figureChange(
  figure: Pick<FigureDefinition, 'unit' | 'better'>,
  current: number | null | undefined,
  previous: number | null | undefined,
  w: FigureWords,
): { text: string; tone: ChangeTone; direction?: 'up' | 'down' } {
  if (current === null || current === undefined) return { text: w.text('operator.change.none'), tone: 'none' };
  if (previous === null || previous === undefined || (previous === 0 && current !== 0 && figure.unit !== 'share'))
    return { text: w.text(current === 0 ? 'operator.change.none' : 'operator.change.new'), tone: 'none' };
  const diff = current - previous;
  if (Math.abs(diff) < 1e-9) return { text: w.text('operator.change.same'), tone: 'same' };
  const amount =
    figure.unit === 'share'
      ? w.text('operator.change.points', { points: Math.round(Math.abs(diff) * 100) })
      : w.number(Math.abs(diff) / previous, { style: 'percent', maximumFractionDigits: 0 });
  return {
    text: w.text(diff > 0 ? 'operator.change.up' : 'operator.change.down', { change: amount }),
    tone: diff > 0 === (figure.better === 'up') ? 'good' : 'bad',
    direction: diff > 0 ? 'up' : 'down',
  };
}

// ---- Scopes ----

/** Across Albania (neither), a town, a service (category id), or a service in a town. */
export interface FigureScope {
  town?: string;
  service?: string;
}
export const isCountry = (s: FigureScope) => s.town === undefined && s.service === undefined;

/**
 * The scopes one counted thing moves: Albania, and for an `areas` counter also its town, each of its services and
 * each service in its town (a request with three services counts once in Albania and in its town, once per service).
 */
export function scopesOf(reach: CounterReach, area?: { town?: string; services?: readonly string[] }): FigureScope[] {
  const out: FigureScope[] = [{}];
  if (reach === 'country' || !area) return out;
  const services = [...new Set(area.services ?? [])];
  if (area.town) out.push({ town: area.town });
  for (const service of services) {
    out.push({ service });
    if (area.town) out.push({ service, town: area.town });
  }
  return out;
}

// ---- Weeks ----

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday `weeks` weeks after (or before, negative) the week of `weekStart`. */
export const addWeeks = (weekStart: string, weeks: number) =>
  new Date(Date.parse(`${weekStartOf(weekStart)}T00:00:00Z`) + weeks * WEEK_MS).toISOString().slice(0, 10);

/** The Sunday that ends the week starting `weekStart`. */
export const weekEndOf = (weekStart: string) =>
  new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);

/** The Mondays of the weeks from the week of `from` to the week of `to`, oldest first (empty when `to` is earlier). */
export function weeksBetween(from: string, to: string): string[] {
  const first = weekStartOf(`${from}T00:00:00Z`);
  const last = weekStartOf(`${to}T00:00:00Z`);
  const out: string[] = [];
  for (let w = first; w <= last; w = addWeeks(w, 1)) out.push(w);
  return out;
}

/** How many weeks the screen's charts show (and GET /operator/figures answers by default). */
export const OPERATOR_CHART_WEEKS = 12;
/** At most this many weeks in one answer of GET /operator/figures. */
export const OPERATOR_FIGURES_WEEKS_MAX = 52;
/** At most this many weeks in one CSV export. */
export const OPERATOR_EXPORT_WEEKS_MAX = 104;

// ---- The town x service grid ----

/** One town and service of a week: its requests, how many got a first offer (within 24 hours), its active businesses. */
export interface GridCell {
  town: string;
  service: string;
  requests: number;
  answered: number;
  answeredWithin24h: number;
  activeBusinesses: number;
}

/** Below this share of requests answered within 24 hours a cell is slow. */
export const OPERATOR_SLOW_SHARE = 0.5;

/**
 * How a cell reads: `none` no requests; `empty` requests but none answered within 24 hours (businesses are missing);
 * `slow` fewer than OPERATOR_SLOW_SHARE of them; `ok` otherwise.
 */
export type CellState = 'none' | 'empty' | 'slow' | 'ok';
export function cellState(cell: Pick<GridCell, 'requests' | 'answeredWithin24h'> | undefined): CellState {
  if (!cell || cell.requests <= 0) return 'none';
  if (cell.answeredWithin24h <= 0) return 'empty';
  return cell.answeredWithin24h / cell.requests < OPERATOR_SLOW_SHARE ? 'slow' : 'ok';
}

/**
 * The worst cells first: most requests not answered within 24 hours, then the lowest share answered, then the most
 * requests, then by town and service (so the order is stable). Cells without requests are left out.
 */
export function worstCells<C extends GridCell>(cells: readonly C[], count: number): C[] {
  const unanswered = (c: GridCell) => c.requests - c.answeredWithin24h;
  return cells
    .filter((c) => c.requests > 0)
    .sort(
      (a, b) =>
        unanswered(b) - unanswered(a) ||
        a.answeredWithin24h / a.requests - b.answeredWithin24h / b.requests ||
        b.requests - a.requests ||
        a.town.localeCompare(b.town, 'sq') ||
        a.service.localeCompare(b.service),
    )
    .slice(0, count);
}

/** How many cells the weekly email names. */
export const OPERATOR_EMAIL_WORST_CELLS = 5;

// ---- The CSV export ----

/** The file name of one figure's export: `figures-requests-2026-01-05-to-2026-03-29[-tirana][-decor].csv`. */
export function exportFileName(figure: OperatorFigureId, from: string, to: string, scope: FigureScope = {}): string {
  const slug = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const parts = [figure, weekStartOf(`${from}T00:00:00Z`), 'to', weekEndOf(weekStartOf(`${to}T00:00:00Z`))];
  if (scope.town) parts.push(slug(scope.town));
  if (scope.service) parts.push(slug(scope.service));
  return `figures-${parts.join('-')}.csv`;
}
