/**
 * POST /moderation/verifications/{businessId}/decision {approve, reason?} (moderators): approve the business's
 * pending request (the business becomes `verified`) or refuse it with a reason (the business may ask again).
 * 200 with the decided verification; 404 when the business has no request; 409 ALREADY_DECIDED when it is
 * not pending any more; 403 for a moderator's own business.
 */
import { verificationDecisionBody, verificationDecisionParams } from '../../common/schemas/verification';
import { defineHandler } from '../api/http';
import { conflict, forbidden, notFound } from '../lib/errors';
import { decideVerification, getVerification } from '../data/verifications';
import { toVerificationDto } from '../domain/verification';

export const handler = defineHandler('decideVerification', {
  params: verificationDecisionParams,
  body: verificationDecisionBody,
  run: async ({ caller, params, body, log }) => {
    const current = await getVerification(params.businessId, { consistent: true });
    if (!current) throw notFound('This business has no verification request');
    if (current.businessSub === caller.sub) throw forbidden('A moderator does not decide on their own business');
    if (current.status !== 'pending') throw conflict('This request has already been decided', 'ALREADY_DECIDED');
    const decided = await decideVerification(current, {
      approve: body.approve,
      reason: body.approve ? undefined : body.reason,
      moderatorSub: caller.sub,
      now: new Date().toISOString(),
    });
    log.info('Verification decided', { businessId: current.businessId, status: decided.status });
    return toVerificationDto(decided);
  },
});
