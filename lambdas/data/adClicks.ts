/**
 * Clicks on runs and what follows them (docs/sponsored-runs.md "Figures"): a signed-in user's click on a run is
 * recorded as the user's last click on that business (`ADCLICK#{sub}` / `{businessId}`, kept AD_ATTRIBUTION_DAYS
 * plus a day by TTL), counted in the run's figures in the same transaction. Within AD_ATTRIBUTION_DAYS of it, the
 * user's views of the business's profile (one a day) and a chat the user starts with it count for that run.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AD_ATTRIBUTION_DAYS, dayOf } from '../../common/adRuns';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { transact, TransactionRefused } from './transact';
import { addFigureItem, figureAttribute } from './adFigures';
import { createLogger } from '../lib/log';

const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredClick {
  runId: string;
  clickedAt: string;
  view?: string;
  /** Days (YYYY-MM-DD) a profile view counted for the click. */
  viewDays?: Set<string>;
  /** When a chat started after the click counted. */
  chatAt?: string;
}

/**
 * A signed-in user clicked run `runId` of business `businessId` in page view `view`: counted once per view (a
 * second click in the same view changes nothing). Answers whether it counted.
 */
export async function recordClick(
  viewerSub: string,
  run: { runId: string; businessId: string },
  view: string | undefined,
  at: string,
): Promise<boolean> {
  const expiresAt = Math.floor(Date.parse(at) / 1000) + (AD_ATTRIBUTION_DAYS + 1) * 24 * 60 * 60;
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: {
            ...keys.adClick(viewerSub, run.businessId),
            runId: run.runId,
            clickedAt: at,
            ...(view ? { view } : {}),
            expiresAt,
          },
          ...(view
            ? {
                ConditionExpression:
                  'attribute_not_exists(pk) OR attribute_not_exists(#view) OR #view <> :view OR runId <> :run',
                ExpressionAttributeNames: { '#view': 'view' },
                ExpressionAttributeValues: { ':view': view, ':run': run.runId },
              }
            : {}),
        },
      },
      addFigureItem(run.runId, { [figureAttribute('clicks', at)]: 1 }),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conditionFailed(1))) return false;
    throw err;
  }
}

/** The user's last click on a run of the business, when it is within AD_ATTRIBUTION_DAYS before `at`. */
async function clickBefore(viewerSub: string, businessId: string, at: string): Promise<StoredClick | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.adClick(viewerSub, businessId), ConsistentRead: true }),
  );
  const click = Item as StoredClick | undefined;
  if (!click?.clickedAt) return undefined;
  const since = Date.parse(at) - Date.parse(click.clickedAt);
  return since >= 0 && since <= AD_ATTRIBUTION_DAYS * DAY_MS ? click : undefined;
}

/**
 * The user `viewerSub` viewed business `businessId`'s profile at `at`: when the user clicked one of its runs within
 * AD_ATTRIBUTION_DAYS before, the run's profile views count it (once a day per click). Never fails the read that
 * called it: a failure is logged.
 */
export async function attributeProfileView(viewerSub: string, businessId: string, at: string): Promise<boolean> {
  try {
    const click = await clickBefore(viewerSub, businessId, at);
    if (!click) return false;
    const day = dayOf(at);
    await transact([
      {
        Update: {
          TableName: table(),
          Key: keys.adClick(viewerSub, businessId),
          UpdateExpression: 'ADD viewDays :day',
          ConditionExpression: 'runId = :run AND clickedAt = :clicked AND NOT contains(viewDays, :d)',
          ExpressionAttributeValues: {
            ':day': new Set([day]),
            ':d': day,
            ':run': click.runId,
            ':clicked': click.clickedAt,
          },
        },
      },
      addFigureItem(click.runId, { [figureAttribute('profileViews', at)]: 1 }),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conditionFailed(1))) return false;
    createLogger({ handler: 'adClicks' }).warn('A profile view was not attributed', {
      businessId,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
    return false;
  }
}

/**
 * The user `viewerSub` started a chat with business `businessId` at `at`: when the user clicked one of its runs
 * within AD_ATTRIBUTION_DAYS before, the run's chats count it (once per click). Never fails the caller.
 */
export async function attributeChatStarted(viewerSub: string, businessId: string, at: string): Promise<boolean> {
  try {
    const click = await clickBefore(viewerSub, businessId, at);
    if (!click) return false;
    await transact([
      {
        Update: {
          TableName: table(),
          Key: keys.adClick(viewerSub, businessId),
          UpdateExpression: 'SET chatAt = :at',
          ConditionExpression: 'runId = :run AND clickedAt = :clicked AND attribute_not_exists(chatAt)',
          ExpressionAttributeValues: { ':at': at, ':run': click.runId, ':clicked': click.clickedAt },
        },
      },
      addFigureItem(click.runId, { [figureAttribute('chats', at)]: 1 }),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRefused && (err.conditionFailed(0) || err.conditionFailed(1))) return false;
    createLogger({ handler: 'adClicks' }).warn('A chat was not attributed', {
      businessId,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
    return false;
  }
}
