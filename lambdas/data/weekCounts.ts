/**
 * Weekly counts for moderators (docs/access-patterns.md, "Moderation"): one item per ISO week
 * `STATS#WEEK#{monday}` / `COUNTS` with a number per counter, moved by the notifier from the table's
 * stream. Each stream event counts once: its marker `COUNTED#{eventID}` is put (condition: not there) in
 * the same transaction as the ADD, so a record the stream hands over again adds nothing.
 */
import { WEEK_COUNTERS, type WeekCounter, type WeekCounts } from '../../common/moderation';
import { table } from './client';
import { keys } from '../model/keys';
import { batchGet } from './query';
import { TTL_ATTRIBUTE } from '../model/schema';
import { transact, TransactionRefused } from './transact';

/** How long a counted event's marker is kept (the stream keeps records for a day). */
const MARKER_TTL_SECONDS = 7 * 86_400;

/** Add one to `counter` of the week `weekStart`, once per stream event. False when the event was counted already. */
export async function countOnce(eventId: string, weekStart: string, counter: WeekCounter): Promise<boolean> {
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: {
            ...keys.countedEvent(eventId),
            [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + MARKER_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: table(),
          Key: keys.weekCounts(weekStart),
          UpdateExpression: 'SET weekStart = :week ADD #c :one',
          ExpressionAttributeNames: { '#c': counter },
          ExpressionAttributeValues: { ':week': weekStart, ':one': 1 },
        },
      },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && err.conditionFailed(0)) return false;
    throw err;
  }
}

/** The counts of these weeks, in the order given (a week with nothing counted is all zeros). */
export async function readWeekCounts(weekStarts: string[]): Promise<WeekCounts[]> {
  const found = await batchGet<Partial<WeekCounts> & { weekStart: string }>(weekStarts.map((w) => keys.weekCounts(w)));
  const byWeek = new Map(found.map((f) => [f.weekStart, f]));
  return weekStarts.map((weekStart) => {
    const stored = byWeek.get(weekStart);
    return {
      weekStart,
      ...(Object.fromEntries(WEEK_COUNTERS.map((c) => [c, Number(stored?.[c] ?? 0)])) as Record<WeekCounter, number>),
    };
  });
}
