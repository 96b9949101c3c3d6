/**
 * Fills the price guide (docs/access-patterns.md, "Price guide") for offers accepted before it existed, or after
 * its items were lost: every business (every business account of the user pool, ListUsers, then its
 * `ACCOUNT#{sub}` lookup) has its offers Queried (GSI2 `BUSINESSOFFERS#{id}`), and each offer's share of the guide
 * is brought to the offer's state by the same function the stream uses (lambdas/notify/priceGuide.ts). Queries
 * and GetItems only, never a Scan. Idempotent: a share recorded for the offer's state already is left alone, so
 * running it again (or after an interruption, or while the stream keeps the guide) changes nothing else.
 *
 *   npm run migrate:price-guide -- --local                                   the running `npm start` stack
 *   npm run migrate:price-guide -- --table <TableName> --user-pool <PoolId> [--region eu-central-1]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { getAccount } from '../lambdas/data/accounts';
import { listOffersOfBusiness } from '../lambdas/data/offers';
import { syncOffer } from '../lambdas/notify/priceGuide';

export interface PriceGuideRebuildResult {
  /** Offers read. */
  offers: number;
  /** Offers whose price was added to the guide, or taken away from it. */
  added: number;
  removed: number;
}

/** Rebuilds the guide over the table the environment names, from the business accounts of `userPoolId`. */
export async function migratePriceGuide(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  now?: Date;
}): Promise<PriceGuideRebuildResult> {
  const result: PriceGuideRebuildResult = { offers: 0, added: 0, removed: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (account?.role !== 'business') continue;
    let cursor: string | undefined;
    do {
      const page = await listOffersOfBusiness(account.id, { limit: 100, cursor });
      for (const offer of page.items) {
        result.offers++;
        const { change } = await syncOffer(offer, opts.now);
        if (change === 'added') result.added++;
        if (change === 'removed') result.removed++;
      }
      cursor = page.nextCursor;
    } while (cursor);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool } = poolMigrationTarget('migrate:price-guide');
  migratePriceGuide({ userPoolId, pool }).then(
    (r) => console.log(`Read ${r.offers} offers: ${r.added} added to the price guide, ${r.removed} taken away.`),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
