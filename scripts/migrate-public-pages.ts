/**
 * One-off migration for the public pages (docs/access-patterns.md, "Public pages"): businesses created before
 * them have no address word (`slug`) and are in no public list. Each business (every account of the user pool,
 * ListUsers, then its `ACCOUNT#{sub}` lookup and its record, GetItem) without a slug gets one (`SLUG#…`, unique
 * by conditional write) and its `PUBLICBIZ` and `DIR#{service}` items, in one transaction conditional on the
 * record being unchanged since read (read again and retried when it changed). A business that has a slug has its
 * list items written again (the same items: idempotent). Its rating (ratingSum, reviewCount) is kept by the review
 * transactions already. GetItems, Queries and writes only, never a Scan; running it again changes nothing.
 *
 *   npm run migrate:public-pages -- --local                                   the running `npm start` stack
 *   npm run migrate:public-pages -- --table <TableName> --user-pool <PoolId> [--region eu-central-1] [--dry-run]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { getAccount } from '../lambdas/data/accounts';
import { getBusinessById, publishExistingBusiness } from '../lambdas/data/businesses';

export interface PublicPagesMigrationResult {
  /** Businesses that got their first slug. */
  slugged: number;
  /** Businesses that had one (their list items written again). */
  alreadySlugged: number;
}

const MAX_RETRIES = 5;

export async function migratePublicPages(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  dryRun?: boolean;
}): Promise<PublicPagesMigrationResult> {
  const result: PublicPagesMigrationResult = { slugged: 0, alreadySlugged: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (account?.role !== 'business') continue;
    for (let attempt = 0; ; attempt++) {
      const business = await getBusinessById(account.id);
      if (!business) break;
      if (opts.dryRun) {
        if (business.slug) result.alreadySlugged++;
        else result.slugged++;
        break;
      }
      const outcome = await publishExistingBusiness(business, new Date().toISOString());
      if (outcome === 'written') result.slugged++;
      if (outcome === 'listed') result.alreadySlugged++;
      if (outcome !== 'changed') break;
      if (attempt >= MAX_RETRIES) throw new Error(`Business ${business._id} kept changing; run the migration again`);
    }
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool, dryRun } = poolMigrationTarget('migrate:public-pages', { dryRunOption: true });
  migratePublicPages({ userPoolId, pool, dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would give' : 'Gave'} ${r.slugged} businesses a public address; ` +
          `${r.alreadySlugged} had one${dryRun ? '' : ' (their directory entries written again)'}.`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
