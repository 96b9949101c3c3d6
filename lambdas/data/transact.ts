/**
 * TransactWriteItems with the cancellation reasons made readable (used by every write that must change several items at once).
 *
 * - `transact(items)`: the primitive. A transaction that lost only to other transactions in flight
 *   (TransactionConflict, no failed condition) is retried a few times: the retry either succeeds or
 *   meets the condition the winner changed, so many racing writers end with exactly one winner.
 *   A cancellation is thrown as TransactionRefused (reasons per item).
 * - `transactWrite(items)`: the same, with each item optionally carrying the message to answer when
 *   ITS condition fails (`onConditionFailed`: message and code); a cancellation becomes a 409 with the
 *   refusal of the first failed item.
 * - `conditionalWrite(command)`: one Put, Update or Delete on its condition; false when the condition failed.
 *
 * After each write succeeds, the copies of every source record it changed follow (lambdas/data/copies.ts
 * copiesAfterWrite: the write path of the copies, run before the request answers).
 */
import {
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DeleteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';
import { copiesAfterWrite } from './copies';
import { conflict } from '../lib/errors';
import type { Refusal } from '../lib/errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type GuardedItem = TransactItem & { onConditionFailed?: Refusal };

/** DynamoDB's limit of items per TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

const CONFLICT_RETRIES = 4;
export const CONCURRENT_CHANGE: Refusal = {
  message: 'Another request changed this at the same time. Please try again.',
  code: 'CONCURRENT_CHANGE',
};

export class TransactionRefused extends Error {
  /** reasons[i]: why item i cancelled the transaction (undefined when that item was fine). */
  constructor(
    readonly reasons: (string | undefined)[],
    readonly conflict: boolean,
  ) {
    super(`Transaction cancelled: ${reasons.join(',')}`);
    this.name = 'TransactionRefused';
  }
  /** Whether the condition of item `index` (position in the TransactItems) failed. */
  conditionFailed(index: number) {
    return this.reasons[index] === 'ConditionalCheckFailed';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reasons of a cancelled transaction, or undefined when `err` is something else. */
function refusal(err: unknown): TransactionRefused | undefined {
  const e = err as { name?: string; message?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name === 'TransactionCanceledException') {
    let codes = (e.CancellationReasons ?? []).map((r) => r?.Code);
    if (codes.length === 0) {
      // Some implementations only list the codes in the message: "... reasons [None, ConditionalCheckFailed]".
      const match = /\[([^\]]*)\]/.exec(e.message ?? '');
      codes = match ? match[1].split(',').map((s) => s.trim()) : [];
    }
    const reasons = codes.map((c) => (!c || c === 'None' ? undefined : c));
    return new TransactionRefused(
      reasons,
      reasons.some((r) => r === 'TransactionConflict'),
    );
  }
  if (e?.name === 'TransactionConflictException') return new TransactionRefused([], true);
  return undefined;
}

/**
 * Run one transaction. A cancelled transaction (a condition failed, or other transactions on the
 * same items kept winning) is thrown as TransactionRefused so callers can answer 404/409.
 */
export async function transact(items: TransactItem[], token?: string): Promise<void> {
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACTION_ITEMS)
    throw new Error(`A transaction takes at most ${MAX_TRANSACTION_ITEMS} items (got ${items.length})`);
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: token }));
      items.forEach(copiesAfterWrite);
      return;
    } catch (err) {
      const refused = refusal(err);
      if (!refused) throw err;
      const onlyConflicts = refused.conflict && !refused.reasons.includes('ConditionalCheckFailed');
      if (!onlyConflicts || attempt >= CONFLICT_RETRIES) throw refused;
      await sleep(20 + Math.random() * 40 * (attempt + 1));
    }
  }
}

/** The 409 refusal for a refused transaction: the one of the first item whose condition failed. */
export function refusalFor(refused: TransactionRefused, items: GuardedItem[], fallback = CONCURRENT_CHANGE): Refusal {
  const failed = refused.reasons.findIndex((r) => r === 'ConditionalCheckFailed');
  return (failed >= 0 ? items[failed]?.onConditionFailed : undefined) ?? fallback;
}

/** `transact`, with a cancellation answered as 409 (see the file comment). */
export async function transactWrite(items: GuardedItem[], opts: { fallback?: Refusal } = {}): Promise<void> {
  try {
    await transact(items.map(({ onConditionFailed: _m, ...item }) => item as TransactItem));
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    // Reasons other than a condition or a conflict (throttling, a malformed item) are not the caller's mistake.
    if (err.reasons.some((r) => r && r !== 'ConditionalCheckFailed' && r !== 'TransactionConflict')) throw err;
    const refusal = refusalFor(err, items, opts.fallback);
    throw conflict(refusal.message, refusal.code, refusal.limit);
  }
}

/** True when a single conditional write (Put/Update/Delete) failed its condition. */
export const isConditionFailed = (err: unknown) =>
  (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/** Sends one conditional write (Put, Update or Delete): true when written, false when its condition failed. */
export async function conditionalWrite(command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
  try {
    await ddb().send(command as UpdateCommand);
    copiesAfterWrite(
      command instanceof UpdateCommand
        ? { Update: command.input }
        : command instanceof PutCommand
          ? { Put: command.input }
          : { Delete: command.input },
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

export function chunk<T>(items: T[], size = MAX_TRANSACTION_ITEMS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
