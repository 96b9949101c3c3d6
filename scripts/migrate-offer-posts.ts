/**
 * One-off migration for a post's summary on its offers (docs/access-patterns.md, "A post's summary on its offers"):
 * offers made before each carried a copy of its post (`post`: summary, hidden mark, owner, version) have none, so
 * their lists read the posts. For each business (every account of the user pool, ListUsers, then its `ACCOUNT#{sub}`
 * lookup, GetItem), its offers are Queried (GSI2 `BUSINESSOFFERS#{id}`, pages of 100, only each offer's post id),
 * and each post found (once) has the copies on all its offers refreshed as a change of the post does
 * (lambdas/data/postSummaries.ts refreshOfferCopies: the post by a strongly consistent GetItem, its offers through
 * its guards by Query, a conditional Update of each that never creates an item and only moves a copy forward; a
 * deleted post's offers get a `gone` copy). Queries, GetItems and conditional writes only, never a Scan; running it
 * again changes nothing. It also repairs a copy a refresh missed.
 *
 *   npm run migrate:offer-posts -- --local                                   the running `npm start` stack
 *   npm run migrate:offer-posts -- --table <TableName> --user-pool <PoolId> [--region eu-central-1]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { getAccount } from '../lambdas/data/accounts';
import { businessOfferPostsPage, refreshOfferCopies } from '../lambdas/data/postSummaries';

export interface OfferPostsMigrationResult {
  /** Businesses whose offers were looked at. */
  businesses: number;
  /** Offers looked at, and those of them that held no copy. */
  offers: number;
  offersWithoutCopy: number;
  /** Posts whose offers' copies were refreshed. */
  posts: number;
  /** Copies written (offers that had none, or an older one). */
  copiesWritten: number;
}

export async function migrateOfferPosts(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
}): Promise<OfferPostsMigrationResult> {
  const result: OfferPostsMigrationResult = {
    businesses: 0,
    offers: 0,
    offersWithoutCopy: 0,
    posts: 0,
    copiesWritten: 0,
  };
  const done = new Set<string>();
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (account?.role !== 'business') continue;
    result.businesses++;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await businessOfferPostsPage(account.id, start);
      result.offers += page.offers.length;
      result.offersWithoutCopy += page.offers.filter((o) => !o.post).length;
      // Every post, not only those of offers without a copy: a copy a refresh missed is repaired too.
      for (const postId of new Set(page.offers.map((o) => o.postId))) {
        if (done.has(postId)) continue;
        done.add(postId);
        result.posts++;
        result.copiesWritten += (await refreshOfferCopies(postId)).changed;
      }
      start = page.next;
    } while (start);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool } = poolMigrationTarget('migrate:offer-posts');
  migrateOfferPosts({ userPoolId, pool }).then(
    (r) =>
      console.log(
        `Wrote ${r.copiesWritten} copies of their post onto offers (${r.offers} offers of ${r.businesses} businesses ` +
          `looked at, ${r.offersWithoutCopy} without a copy; ${r.posts} posts).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
