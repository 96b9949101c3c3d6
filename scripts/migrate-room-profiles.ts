/**
 * One-off migration for the members' copies on chat rooms (docs/access-patterns.md, "Members on their chat rooms"):
 * rooms stored before the copies carried a version (`userRevision`, `businessVersion`) get each member's current name
 * and picture with its version, so a room list no longer reads the members' records. For each account of the user
 * pool (ListUsers, then its `ACCOUNT#{sub}` lookup and its record, GetItem), its rooms are Queried (GSI1
 * `BROOMS#{sub}` for a business, GSI2 `UROOMS#{sub}` for a client) and each holding an older version or none gets the
 * copy, with the same forward-only conditional Update a profile edit makes (lambdas/data/roomProfiles.ts). Queries,
 * GetItems and conditional writes only, never a Scan; running it again changes nothing.
 *
 *   npm run migrate:room-profiles -- --local                                   the running `npm start` stack
 *   npm run migrate:room-profiles -- --table <TableName> --user-pool <PoolId> [--region eu-central-1] [--dry-run]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { getAccount } from '../lambdas/data/accounts';
import { getBusinessById, getUserById } from '../lambdas/data/users';
import { carryProfileToRooms, type RoomProfile } from '../lambdas/data/roomProfiles';

export interface RoomProfilesMigrationResult {
  /** Accounts whose rooms were looked at. */
  members: number;
  /** Room copies written (with --dry-run: that would be). */
  copiesWritten: number;
}

export async function migrateRoomProfiles(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  dryRun?: boolean;
}): Promise<RoomProfilesMigrationResult> {
  const result: RoomProfilesMigrationResult = { members: 0, copiesWritten: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (!account) continue;
    let profile: RoomProfile | undefined;
    if (account.role === 'client') {
      const record = await getUserById(account.id, { consistent: true });
      if (record) profile = { role: 'client', record };
    } else {
      const record = await getBusinessById(account.id, { consistent: true });
      if (record) profile = { role: 'business', record };
    }
    if (!profile) continue;
    result.members++;
    result.copiesWritten += (await carryProfileToRooms(profile, { dryRun: opts.dryRun })).changed;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool, dryRun } = poolMigrationTarget('migrate:room-profiles', { dryRunOption: true });
  migrateRoomProfiles({ userPoolId, pool, dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would write' : 'Wrote'} ${r.copiesWritten} member copies onto chat rooms ` +
          `(the rooms of ${r.members} accounts looked at).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
