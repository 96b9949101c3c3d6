/**
 * POST /business/verification {nipt, document}: the caller's business asks to be verified with its NIPT and the
 * picture of a document showing it (an upload of its own, through the picture pipeline like every picture).
 * 201 {status: 'pending', nipt, requestedAt}; 409 VERIFICATION_PENDING while one waits, ALREADY_VERIFIED once
 * verified; after a refusal it may ask again (the refused request's document is released).
 */
import { copyFields } from '../model/copies';
import { verificationRequestBody } from '../../common/schemas/verification';
import { defineHandler, reply } from '../api/http';
import { conflict, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { requireProcessedUploads } from '../data/imageStates';
import { markUploadsUsed, releaseUploads } from '../data/uploads';
import { getBusinessById } from '../data/businesses';
import { getVerification, putVerificationRequest } from '../data/verifications';
import type { StoredVerification } from '../model/verifications';
import { imageKeySchema, requireOwnUploads } from '../domain/fields';
import { requireMayAsk, toVerificationDto } from '../domain/verification';

const body = verificationRequestBody(imageKeySchema);

export const handler = defineHandler('requestVerification', {
  body,
  run: async ({ caller, body: input, log }) => {
    const businessId = await requireOwnRecordId(caller, 'business');
    const previous = await getVerification(businessId, { consistent: true });
    requireMayAsk(previous);
    requireOwnUploads({ document: input.document }, caller.sub);
    await requireProcessedUploads({ document: input.document });

    // The queue shows the business's name and town from the request: stored with it, as the profile reads now.
    const business = await getBusinessById(businessId, { consistent: true });
    if (!business) throw notFound('Business not found');
    const request: StoredVerification = {
      businessId,
      businessSub: caller.sub,
      nipt: input.nipt,
      document: input.document,
      status: 'pending',
      requestedAt: new Date().toISOString(),
      ...(copyFields('verificationName', business) as Pick<
        StoredVerification,
        'businessName' | 'location' | 'profileVersion'
      >),
    };
    if (!(await putVerificationRequest(request, previous))) {
      requireMayAsk(await getVerification(businessId, { consistent: true }));
      throw conflict('Another request changed this at the same time. Please try again.', 'CONCURRENT_CHANGE');
    }
    await markUploadsUsed([request.document], log);
    if (previous && previous.document !== request.document) await releaseUploads([previous.document], log);
    return reply(201, toVerificationDto(request));
  },
});
