/**
 * Writes every copy again from its source (lambdas/model/copies.ts COPIES), with the same refresh the write path and
 * the stream run (lambdas/data/copies.ts): for when copies may have missed changes (a stream consumer that failed
 * longer than the stream keeps records, a table restored from a backup, a copy declared or given a field since its
 * targets were written). Every account of the user pool (ListUsers, then its `ACCOUNT#{sub}` lookup) is read with
 * Queries and GetItems only, never a Scan: a client's profile and its requests (GSI1 `USERPOSTS#{id}`), a business's
 * profile and its finished jobs (GSI1 `BUSINESSJOBS#{id}`). Each copy of each is refreshed: targets already showing their source are left alone (one read), so
 * running it again, or while the stream keeps the copies, writes nothing more.
 *
 *   npm run copies:rebuild -- --local                                   the running `npm start` stack
 *   npm run copies:rebuild -- --table <TableName> --user-pool <PoolId> [--region eu-central-1]
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolScriptTarget, poolSubs } from './localTable';
import { getAccount } from '../lambdas/data/accounts';
import { listPostsOfUser } from '../lambdas/data/posts';
import { listFinishedJobsOfBusiness } from '../lambdas/data/finishedJobs';
import { refreshCopiesOf } from '../lambdas/data/copies';
import type { CopySource } from '../lambdas/model/copies';

export interface CopiesRebuild {
  /** Accounts read. */
  accounts: number;
  /** Source records whose copies were refreshed. */
  sources: number;
  /** Targets written (0 where every copy showed its source already). */
  written: number;
}

async function rebuild(source: CopySource, id: string, result: CopiesRebuild) {
  const done = await refreshCopiesOf(source, id);
  result.sources++;
  result.written += Object.values(done).reduce((sum, r) => sum + r.changed, 0);
}

/** Rebuilds every copy of the table the environment names, from the accounts of `userPoolId`. */
export async function rebuildCopies(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
}): Promise<CopiesRebuild> {
  const result: CopiesRebuild = { accounts: 0, sources: 0, written: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (!account) continue;
    result.accounts++;
    if (account.role === 'business') {
      await rebuild('business', account.id, result);
      // Its finished jobs (a job's price band on its ideas).
      let jobs: string | undefined;
      do {
        const page = await listFinishedJobsOfBusiness(account.id, { limit: 100, cursor: jobs });
        for (const job of page.items) await rebuild('finishedJob', job.postId, result);
        jobs = page.nextCursor;
      } while (jobs);
      continue;
    }
    await rebuild('user', account.id, result);
    let cursor: string | undefined;
    do {
      const page = await listPostsOfUser(account.id, { limit: 100, cursor });
      for (const post of page.items) await rebuild('post', post._id, result);
      cursor = page.nextCursor;
    } while (cursor);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool } = poolScriptTarget('copies:rebuild');
  rebuildCopies({ userPoolId, pool }).then(
    (r) =>
      console.log(
        `Read ${r.accounts} accounts: the copies of ${r.sources} records refreshed, ${r.written} targets written (the rest showed their source already).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
