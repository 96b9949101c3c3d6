/**
 * A person's rights over their data (docs/privacy.md): downloading everything held about them, and deleting their
 * account. Shared by the API, the jobs, the web app and the public privacy page, so every number is said once.
 *
 *  - Download my data: at most one export per EXPORT_EVERY_HOURS; the ZIP stays downloadable EXPORT_LINK_HOURS.
 *  - Delete my account: closed at once, erased ERASURE_DELAY_DAYS later unless its owner signs in and cancels.
 *  - Backups: point-in-time recovery of the table keeps earlier states BACKUP_RETENTION_DAYS; replaced or deleted
 *    pictures stay recoverable in the media bucket PICTURE_VERSION_DAYS (infra/constructs/media.ts).
 */

/** Days between closing an account and erasing it; signing in and cancelling within them keeps it. */
export const ERASURE_DELAY_DAYS = 14;

/** One export per this many hours (the next is refused with 409 EXPORT_TOO_SOON, saying when). */
export const EXPORT_EVERY_HOURS = 24;

/** An export's ZIP is downloadable this long after it is ready, then it is deleted. */
export const EXPORT_LINK_HOURS = 24;

/** How often the privacy job runs (infra/constructs/accountErasure.ts): it finishes closings and erases what is due. */
export const ERASURE_SCHEDULE_MINUTES = 60;

/** The privacy job's time limit in seconds (its function's timeout): a run stops starting steps a minute before. */
export const ERASURE_JOB_TIMEOUT_SECONDS = 900;

/** Point-in-time recovery of the table keeps every earlier state this many days (then it is gone). */
export const BACKUP_RETENTION_DAYS = 35;

/** A replaced or deleted picture's earlier version stays in the media bucket this many days. */
export const PICTURE_VERSION_DAYS = 30;

/** Where an export is: none asked yet, asked and waiting, being made, ready to download, failed, or past its time. */
export const EXPORT_STATUSES = ['none', 'requested', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Whether the account is in use or closed and waiting for its erasure. */
export const ACCOUNT_DELETION_STATUSES = ['active', 'closing'] as const;
export type AccountDeletionStatus = (typeof ACCOUNT_DELETION_STATUSES)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** When an account closed at `closedAt` is erased. */
export const erasureDateOf = (closedAt: string) =>
  new Date(Date.parse(closedAt) + ERASURE_DELAY_DAYS * DAY_MS).toISOString();

/** When the next export may be asked for, after one asked at `requestedAt`. */
export const nextExportAt = (requestedAt: string) =>
  new Date(Date.parse(requestedAt) + EXPORT_EVERY_HOURS * HOUR_MS).toISOString();

/** Until when an export ready at `readyAt` can be downloaded. */
export const exportExpiryOf = (readyAt: string) =>
  new Date(Date.parse(readyAt) + EXPORT_LINK_HOURS * HOUR_MS).toISOString();
