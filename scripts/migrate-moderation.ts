/**
 * One-off migration for moderation (docs/access-patterns.md, "Moderation", Migration):
 * - finished jobs written before moderation have no `FINISHEDJOBID#{id}` second-index keys, so their reviews are
 *   404 to POST /report: each business (every business account of the user pool, ListUsers, then its
 *   `ACCOUNT#{sub}` lookup) has its `BUSINESSJOBS#{id}` partition Queried for jobs without them, and each gets them;
 * - chat message reports made before the queue (`CHATREPORT#…`, GSI1 `CHATREPORTS`) are filed in the queue as
 *   the reporter's report (reason 'other', their old free-text reason as the note), then deleted.
 * Queries and GetItems only, never a Scan. Idempotent: a job that has its keys is left alone, an old report
 * already filed (409 ALREADY_REPORTED) is only deleted, so running it again (or after an interruption) finishes
 * the work and changes nothing else. docs/deploy.md says when to run it.
 *
 *   npm run migrate:moderation -- --local                                   the running `npm start` stack
 *   npm run migrate:moderation -- --table <TableName> --user-pool <PoolId> [--region eu-central-1] [--dry-run]
 */
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { poolMigrationTarget } from './localTable';
import { REPORT_NOTE_MAX } from '../common/moderation';
import { getAccount } from '../lambdas/data/accounts';
import {
  deleteLegacyChatReport,
  finishedJobsWithoutIdIndex,
  giveFinishedJobIdIndex,
  legacyChatReports,
} from '../lambdas/data/moderationMigration';
import { chatMessageTargetId } from '../lambdas/domain/moderation';
import { submitReport } from '../lambdas/domain/reports';
import { HttpError } from '../lambdas/lib/errors';

export interface ModerationMigrationResult {
  /** Finished jobs that got their id index keys. */
  jobsIndexed: number;
  /** Old chat message reports filed in the moderation queue (and deleted). */
  chatReportsFiled: number;
  /** Old chat message reports that were in the queue already (deleted). */
  chatReportsAlreadyFiled: number;
}

/** The Cognito subs of every account of the pool, page by page. */
export async function* poolSubs(pool: CognitoIdentityProviderClient, userPoolId: string) {
  let token: string | undefined;
  do {
    const page = await pool.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token }));
    for (const user of page.Users ?? []) {
      const sub = user.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
      if (sub) yield sub;
    }
    token = page.PaginationToken;
  } while (token);
}

/** Runs the migration over the table the environment names, with the business accounts of `userPoolId`. */
export async function migrateModeration(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  dryRun?: boolean;
}): Promise<ModerationMigrationResult> {
  const result: ModerationMigrationResult = { jobsIndexed: 0, chatReportsFiled: 0, chatReportsAlreadyFiled: 0 };

  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (account?.role !== 'business') continue;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await finishedJobsWithoutIdIndex(account.id, start);
      for (const job of page.jobs) if (opts.dryRun || (await giveFinishedJobIdIndex(job))) result.jobsIndexed++;
      start = page.next;
    } while (start);
  }

  let start: Record<string, unknown> | undefined;
  do {
    const page = await legacyChatReports(start);
    for (const old of page.reports) {
      if (opts.dryRun) {
        result.chatReportsFiled++;
        continue;
      }
      try {
        await submitReport(
          {
            kind: 'chatMessage',
            targetId: chatMessageTargetId(old.roomId, old.messageId),
            excerpt: old.text,
            ownerSub: old.senderId,
          },
          // Who reported is all a report needs of its caller (the role plays no part in filing it).
          { sub: old.reporterSub, role: 'client' },
          { reason: 'other', note: old.reason?.trim().slice(0, REPORT_NOTE_MAX) || undefined },
          () => old.createdAt,
        );
        result.chatReportsFiled++;
      } catch (err) {
        if (!(err instanceof HttpError && err.code === 'ALREADY_REPORTED')) throw err;
        result.chatReportsAlreadyFiled++;
      }
      await deleteLegacyChatReport(old);
    }
    start = page.next;
  } while (start);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool, dryRun } = poolMigrationTarget('migrate:moderation', { dryRunOption: true });
  migrateModeration({ userPoolId, pool, dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would give' : 'Gave'} ${r.jobsIndexed} finished jobs their id index; ` +
          `${dryRun ? 'would file' : 'filed'} ${r.chatReportsFiled} old chat message reports in the moderation queue` +
          ` (${r.chatReportsAlreadyFiled} were there already).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
