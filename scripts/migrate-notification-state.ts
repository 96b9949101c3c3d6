/**
 * One-off migration (docs/access-patterns.md, "The notification state in the notifications' partition"): each user's
 * notification state (unread count, "read all" mark, email and push switches, lead alert mode) moves from its own item
 * `NOTIFSTATE#{sub}` / `STATE` into the partition of their notifications (`NOTIFS#{sub}`, keys.notificationState),
 * where the first page of the list reads it in its Query. The users are every account of the user pool (ListUsers);
 * each one's old item, if still there, is moved: put at the new key and deleted, one transaction, each conditional on
 * the item being as read (lambdas/data/notifications.ts moveLegacyNotificationState). When a state is at the new key
 * already (a write of the new code before the move, or of the old code after it), the two are merged: the later
 * "read all" mark, the counts, each switch as the new item has it and the old one's for the rest. A user with no
 * state at either key gets an empty one (as every account record created since does), so no read falls back to the
 * old key any more. GetItems and conditional writes only, never a Scan; idempotent: a moved user has no old item, so a second run (or one after an
 * interruption) finishes the work and changes nothing else. Until it ran, the API reads the old item where a user has
 * no state at the new key, and every write moves it first. docs/deploy.md says when to run it.
 *
 *   npm run migrate:notification-state -- --local                                   the running `npm start` stack
 *   npm run migrate:notification-state -- --table <TableName> --user-pool <PoolId> [--region eu-central-1] [--dry-run]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { ensureNotificationState } from '../lambdas/data/notifications';

export interface NotificationStateMigrationResult {
  /** Users looked at (every account of the pool). */
  users: number;
  /** Old states moved to the new key, where there was none (with dryRun: that would be). */
  moved: number;
  /** Old states merged into a state at the new key (with dryRun: that would be). */
  merged: number;
  /** Users with no state at either key who got an empty one (with dryRun: that would). */
  started: number;
}

export async function migrateNotificationState(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  dryRun?: boolean;
}): Promise<NotificationStateMigrationResult> {
  const result: NotificationStateMigrationResult = { users: 0, moved: 0, merged: 0, started: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    result.users++;
    const outcome = await ensureNotificationState(sub, { dryRun: opts.dryRun });
    if (outcome !== 'present') result[outcome]++;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool, dryRun } = poolMigrationTarget('migrate:notification-state', { dryRunOption: true });
  migrateNotificationState({ userPoolId, pool, dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would move' : 'Moved'} ${r.moved} notification states into their notifications' partition and ` +
          `${dryRun ? 'merge' : 'merged'} ${r.merged} into a state there; ${dryRun ? 'would start' : 'started'} ` +
          `${r.started} empty states (${r.users} users looked at).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
