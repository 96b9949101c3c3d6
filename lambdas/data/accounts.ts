/**
 * Who the caller is in our data: the `ACCOUNT#{sub}` lookup written when the user or business record
 * is created, pointing at the record.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../../common/types';
import type { Role } from '../../common/constants';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { forbidden } from '../lib/errors';

export interface AccountLookup {
  sub: string;
  role: Role;
  id: string;
}

/**
 * Lookups this process has read. A lookup never changes once written (conditional put, never updated or deleted),
 * so a found one is kept, as a Lambda container keeps what it loaded; one not found yet is read again next time.
 */
const knownAccounts = new Map<string, AccountLookup>();
/** Lookups kept per process; past it the oldest read goes first. */
const KNOWN_ACCOUNTS_MAX = 10_000;

export async function getAccount(sub: string): Promise<AccountLookup | undefined> {
  const cacheKey = `${table()}/${sub}`;
  const kept = knownAccounts.get(cacheKey);
  if (kept) return kept;
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.account(sub) }));
  if (!Item) return undefined;
  const account: AccountLookup = { sub: Item.sub, role: Item.role, id: Item.id };
  if (knownAccounts.size >= KNOWN_ACCOUNTS_MAX) knownAccounts.delete(knownAccounts.keys().next().value!);
  knownAccounts.set(cacheKey, account);
  return account;
}

/** The account was erased: this process forgets its lookup (a new account with its sub would be another record). */
export function forgetAccount(sub: string): void {
  knownAccounts.delete(`${table()}/${sub}`);
}

/** The caller's own user or business id; 403 when the caller has no record of the expected role yet. */
export async function requireOwnRecordId(caller: Caller, role: Role): Promise<string> {
  const account = await getAccount(caller.sub);
  if (!account || account.role !== role) throw forbidden(`Create your ${role} profile first`, 'PROFILE_REQUIRED');
  return account.id;
}

/**
 * The lookup item written with the user or business record, in the same transaction; its condition
 * makes a second create for the same Cognito user fail (409) instead of duplicating the record.
 */
export function accountPut(account: AccountLookup, createdAt: string) {
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.account(account.sub), ...account, createdAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
