/**
 * One-off migration (docs/access-patterns.md, pattern 32): verification requests stored pending before they carried
 * their business's name and town get them, so the moderators' queue is one Query with no read of the businesses. The
 * pending queue (`VERIFICATIONS#PENDING`) is Queried page by page and, for each request without a copy, its business
 * is read (GetItem, strongly consistent) and copied with the same forward-only write the profile edits use. Queries
 * and GetItems only, never a Scan. Idempotent: a request that has its copy is skipped, so a second run changes
 * nothing. docs/deploy.md says when to run it.
 *
 *   npm run migrate:verification-names -- --local                                  the running `npm start` stack
 *   npm run migrate:verification-names -- --table <TableName> [--region eu-central-1] [--dry-run]
 */
import { tableMigrationTarget } from './localTable';
import { getBusinessById } from '../lambdas/data/businesses';
import { carryProfileToVerification, listPendingVerifications } from '../lambdas/data/verifications';

export interface VerificationNamesResult {
  /** Pending requests given their business's name and town (or that would be, with dryRun). */
  copied: number;
  /** Pending requests that had them already. */
  alreadyCopied: number;
}

export async function migrateVerificationNames(opts: { dryRun?: boolean } = {}): Promise<VerificationNamesResult> {
  const result: VerificationNamesResult = { copied: 0, alreadyCopied: 0 };
  let cursor: string | undefined;
  do {
    const page = await listPendingVerifications({ limit: 100, cursor });
    for (const request of page.items) {
      if (request.businessName !== undefined) {
        result.alreadyCopied++;
        continue;
      }
      const business = await getBusinessById(request.businessId, { consistent: true });
      if (!business) continue;
      if (opts.dryRun || (await carryProfileToVerification(business))) result.copied++;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dryRun } = tableMigrationTarget('migrate:verification-names');
  migrateVerificationNames({ dryRun }).then(
    (r) =>
      console.log(
        `${dryRun ? 'Would copy' : 'Copied'} the business name and town onto ${r.copied} pending verification requests` +
          ` (${r.alreadyCopied} had them already).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
