/**
 * Closed accounts as stored (docs/privacy.md): one item `SUSPENSIONS` / `CLOSED#{sub}` (keys.accountClosure) per
 * account waiting for its erasure. lambdas/data/closures.ts reads and writes it.
 */
import type { Role } from '../../common/constants';
import type { Language } from '../../common/languages';

export interface StoredClosure {
  sub: string;
  role: Role;
  /** The client or business record's id. */
  profileId: string;
  /** Where the email saying the erasure date goes (deleted with this item). */
  email?: string;
  language?: Language;
  closedAt: string;
  eraseAfter: string;
  /** Set once everything closing does is done (the request does what it can in its time, the job the rest). */
  closingDoneAt?: string;
  /** The email that says the erasure date: claimed while being sent, then sent (lambdas/privacy/worker.ts). */
  emailState?: 'sending' | 'sent';
  emailClaimedAt?: string;
}
