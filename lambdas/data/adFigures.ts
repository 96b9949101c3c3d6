/**
 * A run's figures (`ADFIGURES#{runId}` / `FIGURES`): counts per UTC day, one attribute each (`i` impressions, `c`
 * clicks, `v` profile views, `m` chats started, then YYYYMMDD), moved only by ADD, so concurrent counts never lose
 * one. The item is written with its run and deleted with it; every count is on condition it exists (a count of a
 * run id that is no run writes nothing).
 *
 * Impressions are not written one by one: each process (a Lambda instance, the local stack) adds them up in memory
 * and writes what it holds once per AD_COUNTS_FLUSH_MS (a minute), one UpdateItem per run and flush whatever the
 * number of impressions; a page view's id is remembered (AD_VIEWS_KEPT_MS), so the same view served again counts
 * once: 1,000 impressions of one run served by one process within a minute cost one write.
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AD_FIGURES, type AdFigure, type AdFigureCounts, dayOf, noFigures } from '../../common/adRuns';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import type { TransactItem } from './transact';
import { createLogger } from '../lib/log';

/** The attribute prefix of each figure. */
export const FIGURE_PREFIX: Record<AdFigure, string> = { impressions: 'i', clicks: 'c', profileViews: 'v', chats: 'm' };
export const figureAttribute = (figure: AdFigure, at: string) =>
  `${FIGURE_PREFIX[figure]}${dayOf(at).replaceAll('-', '')}`;

/** How often a process writes the impressions it holds (ms): AD_COUNTS_FLUSH_MS, a minute unless a test stack shortens it. */
export const adCountsFlushMs = () => {
  const ms = Number(process.env.AD_COUNTS_FLUSH_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 60_000;
};
/** How long a process remembers a page view it counted (a view served again within it counts once). */
export const AD_VIEWS_KEPT_MS = 30 * 60_000;
/** Page views remembered at most (the oldest forgotten first). */
const VIEWS_KEPT_MAX = 100_000;

export const adFiguresPut = (runId: string): TransactItem => ({
  Put: { TableName: table(), Item: { ...keys.adFigures(runId) }, ConditionExpression: 'attribute_not_exists(pk)' },
});
export const adFiguresDelete = (runId: string): TransactItem => ({
  Delete: { TableName: table(), Key: keys.adFigures(runId) },
});

/** The Update that adds `n` to one figure of one day (on condition the run's figures exist). */
export function addFigureItem(runId: string, counts: Record<string, number>): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const adds = Object.entries(counts).map(([attribute, n], i) => {
    names[`#a${i}`] = attribute;
    values[`:n${i}`] = n;
    return `#a${i} :n${i}`;
  });
  return {
    Update: {
      TableName: table(),
      Key: keys.adFigures(runId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

// ---- Impressions, added up per process ----

/** Counts held by this process: run id -> attribute -> count. */
const pending = new Map<string, Map<string, number>>();
/** Page views counted (`{view}|{run}` -> when), so a view served again counts once. */
const views = new Map<string, number>();
let lastFlush = Date.now();
let flushing: Promise<FlushResult> | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

export interface FlushResult {
  runs: number;
  writes: number;
  /** Write capacity units the writes consumed, as DynamoDB reported them. */
  writeUnits: number;
}
/** Totals since the process started. */
export const flushTotals = { impressions: 0, writes: 0, writeUnits: 0 };

function hold(runId: string, attribute: string, n: number) {
  let counts = pending.get(runId);
  if (!counts) pending.set(runId, (counts = new Map()));
  counts.set(attribute, (counts.get(attribute) ?? 0) + n);
}

function forgetOldViews(nowMs: number) {
  for (const [key, at] of views) {
    if (nowMs - at < AD_VIEWS_KEPT_MS && views.size <= VIEWS_KEPT_MAX) break;
    views.delete(key);
  }
}

/**
 * The runs `runIds` were shown in one page view (`view`, when the page named one): each counts one impression, once
 * per view. Held in memory; written by the next flush.
 */
export function countImpressions(runIds: string[], view: string | undefined, at: string): void {
  const nowMs = Date.now();
  forgetOldViews(nowMs);
  for (const runId of new Set(runIds)) {
    if (view) {
      const key = `${view}|${runId}`;
      if (views.has(key)) continue;
      views.set(key, nowMs);
    }
    hold(runId, figureAttribute('impressions', at), 1);
    flushTotals.impressions++;
  }
  startTimer();
}

function startTimer() {
  if (timer) return;
  timer = setInterval(() => void flushAdCounts().catch(() => undefined), adCountsFlushMs());
  timer.unref?.();
}

/**
 * Writes what this process holds: one UpdateItem (ADD) per run. A run whose figures are gone (deleted) is dropped; a
 * failed write keeps its counts for the next flush.
 */
export function flushAdCounts(): Promise<FlushResult> {
  if (flushing) return flushing;
  flushing = (async () => {
    const batch = [...pending.entries()];
    pending.clear();
    lastFlush = Date.now();
    const result: FlushResult = { runs: batch.length, writes: 0, writeUnits: 0 };
    await Promise.all(
      batch.map(async ([runId, counts]) => {
        const update = addFigureItem(runId, Object.fromEntries(counts)).Update!;
        try {
          const out = await ddb().send(new UpdateCommand({ ...update, ReturnConsumedCapacity: 'TOTAL' }));
          result.writes++;
          result.writeUnits += out.ConsumedCapacity?.CapacityUnits ?? 0;
        } catch (err) {
          if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return;
          for (const [attribute, n] of counts) hold(runId, attribute, n);
          createLogger({ handler: 'adFigures' }).warn('Ad counts kept for the next flush', {
            runId,
            error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
          });
        }
      }),
    );
    flushTotals.writes += result.writes;
    flushTotals.writeUnits += result.writeUnits;
    return result;
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** Flushes when the last flush is older than AD_COUNTS_FLUSH_MS (called by the handlers that count, in the request). */
export async function flushAdCountsIfDue(): Promise<void> {
  if (pending.size && Date.now() - lastFlush >= adCountsFlushMs()) await flushAdCounts();
}

// ---- Reading ----

export type FigureDay = { day: string } & AdFigureCounts;

/** A figures item as days (oldest first) with every figure. */
export function figuresByDay(item: Record<string, unknown> | undefined): FigureDay[] {
  const days = new Map<string, FigureDay>();
  for (const [attribute, value] of Object.entries(item ?? {})) {
    const match = /^([icvm])(\d{4})(\d{2})(\d{2})$/.exec(attribute);
    if (!match || typeof value !== 'number') continue;
    const figure = AD_FIGURES.find((f) => FIGURE_PREFIX[f] === match[1])!;
    const day = `${match[2]}-${match[3]}-${match[4]}`;
    const counts = days.get(day) ?? { day, ...noFigures() };
    counts[figure] += value;
    days.set(day, counts);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export const totalsOf = (days: FigureDay[]): AdFigureCounts => {
  const totals = noFigures();
  for (const d of days) for (const f of AD_FIGURES) totals[f] += d[f];
  return totals;
};

/** One run's figures per day (strongly consistent: the business reads what was just written). */
export async function getAdFigures(runId: string): Promise<FigureDay[]> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.adFigures(runId), ConsistentRead: true }),
  );
  return figuresByDay(Item);
}

/** The totals of several runs (a page of My ads): one BatchGet. */
export async function adFigureTotals(runIds: string[]): Promise<Map<string, AdFigureCounts>> {
  const totals = new Map<string, AdFigureCounts>();
  for (let i = 0; i < runIds.length; i += 100) {
    let keysLeft: Record<string, unknown>[] = runIds.slice(i, i + 100).map((id) => keys.adFigures(id));
    for (let attempt = 0; keysLeft.length; attempt++) {
      if (attempt > 6) throw new Error('BatchGet left keys unprocessed after retries');
      if (attempt) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const out = await ddb().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keysLeft } } }));
      for (const item of out.Responses?.[table()] ?? [])
        totals.set(String(item.pk).slice('ADFIGURES#'.length), totalsOf(figuresByDay(item)));
      keysLeft = out.UnprocessedKeys?.[table()]?.Keys ?? [];
    }
  }
  return totals;
}
