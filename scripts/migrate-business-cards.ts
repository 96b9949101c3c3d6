/**
 * One-off migration for a business's card on its offers, ads and search entries (docs/access-patterns.md, "A
 * business's card on its offers, ads and search entries"): before, a request's offers, the Sponsored strip and search
 * read the page's businesses after their Query; now each offer, ad and name token carries the card. For each business
 * (every account of the user pool, ListUsers, then its `ACCOUNT#{sub}` lookup by GetItem), the same refresh a change
 * of the card runs (lambdas/data/businessCards.ts refreshBusinessCards): its record is read strongly consistent, its
 * name tokens (its partition), offers and ads (GSI2) are Queried, and each copy that is missing or shows something
 * else gets the card by a conditional Update that never creates an item and only moves forward. Queries, GetItems and
 * conditional writes only, never a Scan; running it again changes nothing. It also repairs what a refresh missed.
 *
 *   npm run migrate:business-cards -- --local                                   the running `npm start` stack
 *   npm run migrate:business-cards -- --table <TableName> --user-pool <PoolId> [--region eu-central-1] [--dry-run]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { getAccount } from '../lambdas/data/accounts';
import { refreshBusinessCards } from '../lambdas/data/businessCards';

export interface BusinessCardsMigrationResult {
  /** Businesses whose copies were looked at. */
  businesses: number;
  /** Copies (offers, ads, name tokens) that got the current card (with --dry-run: that would). */
  copiesFixed: number;
}

export async function migrateBusinessCards(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  dryRun?: boolean;
}): Promise<BusinessCardsMigrationResult> {
  const result: BusinessCardsMigrationResult = { businesses: 0, copiesFixed: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (account?.role !== 'business') continue;
    result.businesses++;
    const done = await refreshBusinessCards(account.id, { dryRun: opts.dryRun });
    result.copiesFixed += done.changed;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool, dryRun } = poolMigrationTarget('migrate:business-cards', { dryRunOption: true });
  migrateBusinessCards({ userPoolId, pool, dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would give' : 'Gave'} ${r.copiesFixed} offers, ads and search entries the current card of their ` +
          `business (${r.businesses} businesses looked at).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
