/**
 * Data exports as stored (docs/privacy.md, "Download my data"): one item per account, `EXPORT#{sub}` / `EXPORT`, the
 * latest export asked for. lambdas/data/exports.ts reads and writes it.
 */
import type { Language } from '../../common/languages';
import type { Role } from '../../common/constants';

export type StoredExportStatus = 'requested' | 'running' | 'ready' | 'failed';

export interface StoredExport {
  sub: string;
  role: Role;
  /** The client or business record's id. */
  profileId: string;
  /** Where the "your data is ready" email goes, in which language. */
  email?: string;
  language?: Language;
  status: StoredExportStatus;
  requestedAt: string;
  startedAt?: string;
  readyAt?: string;
  /** The ZIP's key in the exports bucket and its size in bytes. */
  key?: string;
  size?: number;
  /** Why it failed (for the logs and the person: try again). */
  error?: string;
}
