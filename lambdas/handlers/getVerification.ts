/** GET /business/verification: the caller's own business's verification (status `none` when it never asked). */
import { defineHandler } from '../api/http';
import { requireOwnRecordId } from '../data/accounts';
import { getVerification } from '../data/verifications';
import { toVerificationDto } from '../domain/verification';

export const handler = defineHandler('getVerification', {
  run: async ({ caller }) => {
    const businessId = await requireOwnRecordId(caller, 'business');
    return toVerificationDto(await getVerification(businessId));
  },
});
