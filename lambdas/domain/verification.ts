/** Verified businesses: what the business and the moderators see of a verification request. */
import type { PendingVerification, Verification } from '../../common/verification';
import type { StoredVerification } from '../model/verifications';
import { conflict } from '../lib/errors';
import { imageUrl } from '../lib/images';

/**
 * A request as its business (or a moderator) sees it: `none` when it never asked. The document's address is
 * in it: only the owner's own route and the moderators' routes answer it.
 */
export function toVerificationDto(record: StoredVerification | undefined): Verification {
  if (!record) return { status: 'none' };
  return {
    status: record.status,
    nipt: record.nipt,
    requestedAt: record.requestedAt,
    ...(record.decidedAt ? { decidedAt: record.decidedAt } : {}),
    ...(record.status === 'refused' && record.reason ? { reason: record.reason } : {}),
    ...(record.document ? { documentUrl: imageUrl(record.document) } : {}),
  };
}

/** An entry of the moderators' queue, with the business's current name and town. */
export const toPendingDto = (record: StoredVerification): PendingVerification => ({
  businessId: record.businessId,
  businessName: record.businessName,
  location: record.location,
  nipt: record.nipt,
  documentUrl: imageUrl(record.document) ?? '',
  requestedAt: record.requestedAt,
});

/** Whether the business may ask (none yet, or refused); else the 409 that says why not. */
export function requireMayAsk(existing: StoredVerification | undefined): void {
  if (existing?.status === 'pending')
    throw conflict('Your verification request is waiting for a moderator', 'VERIFICATION_PENDING');
  if (existing?.status === 'verified') throw conflict('Your business is already verified', 'ALREADY_VERIFIED');
}
