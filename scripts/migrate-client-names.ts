/**
 * One-off migration for the client's name on its posts (docs/access-patterns.md, "A client's name on its posts"):
 * before, `clientName` was copied onto a post and its open-list entries when it was created and only the post's
 * detail read the current name, so a client who renamed themself shows the old name on those copies. For each client
 * (every account of the user pool, ListUsers, then its `ACCOUNT#{sub}` lookup and its user record, GetItem), its posts
 * are Queried (GSI1 `USERPOSTS#{id}`) and every stored copy (the post and, while open, its open-index entries) that
 * holds another name gets the current username: a conditional Update that never creates an item and leaves a copy
 * that is right alone. Queries, GetItems and conditional writes only, never a Scan; running it again changes nothing.
 * It also repairs what a rename left behind (a rename cut short, or a request reopened while it was renamed).
 *
 *   npm run migrate:client-names -- --local                                   the running `npm start` stack
 *   npm run migrate:client-names -- --table <TableName> --user-pool <PoolId> [--region eu-central-1] [--dry-run]
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { poolSubs } from './migrate-moderation';
import { getAccount } from '../lambdas/data/accounts';
import { getUserById } from '../lambdas/data/users';
import {
  clientPostsPage,
  copyNeedsName,
  postCopyKeys,
  RENAME_POSTS_IN_PARALLEL,
  writeClientName,
} from '../lambdas/data/clientNames';
import { chunk } from '../lambdas/data/transact';

export interface ClientNamesMigrationResult {
  /** Clients whose posts were looked at. */
  clients: number;
  /** Posts looked at. */
  posts: number;
  /** Stored copies (posts and open-index entries) that got the current name (with --dry-run: that would). */
  copiesFixed: number;
}

export async function migrateClientNames(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  dryRun?: boolean;
}): Promise<ClientNamesMigrationResult> {
  const result: ClientNamesMigrationResult = { clients: 0, posts: 0, copiesFixed: 0 };
  const fix = async (key: { pk: string; sk: string }, name: string) =>
    opts.dryRun ? copyNeedsName(key, name) : writeClientName(key, name);
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (account?.role !== 'client') continue;
    const user = await getUserById(account.id);
    if (!user?.username) continue;
    result.clients++;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await clientPostsPage(user._id, start);
      result.posts += page.posts.length;
      // Every copy of every post: an entry may hold an old name while its post holds the current one.
      for (const batch of chunk(page.posts, RENAME_POSTS_IN_PARALLEL)) {
        const fixed = await Promise.all(
          batch.flatMap((post) => postCopyKeys(post).map((key) => fix(key, user.username))),
        );
        result.copiesFixed += fixed.filter(Boolean).length;
      }
      start = page.next;
    } while (start);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool, dryRun } = poolMigrationTarget('migrate:client-names', { dryRunOption: true });
  migrateClientNames({ userPoolId, pool, dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would give' : 'Gave'} ${r.copiesFixed} stored copies the current name of their client ` +
          `(${r.posts} posts of ${r.clients} clients looked at).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
