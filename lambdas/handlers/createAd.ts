/**
 * POST /ad {businessId, image}: a business buys a sponsored ad. The $20 is charged through the
 * payment provider; the charge is always recorded as a transaction. A completed (or pending) charge
 * creates the ad in the same transaction as its payment record and answers 201; a refused charge
 * creates no ad and answers 402 Payment Required with a message. With an Idempotency-Key header a
 * retried or doubled request charges once and answers the first answer (domain/idempotency.ts).
 */
import { randomUUID } from 'node:crypto';
import { createAdBody } from '../../common/schemas/ads';
import { AD_PRICE } from '../../common/constants';
import { defineHandler, reply } from '../lib/http';
import { fieldError, forbidden, notFound, paymentRefused } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { adPut } from '../data/ads';
import { settleNewCopy } from '../data/businessCards';
import { keys } from '../data/keys';
import { transactionPut } from '../data/transactions';
import { transactWrite } from '../data/transact';
import { markUploadsUsed } from '../data/uploads';
import { requireProcessedUploads } from '../data/imageStates';
import { AD_DESCRIPTION, adImageSchema, isOwnUpload, newAd, toAdDto } from '../domain/ads';
import { chargeBusiness, refusedMessage, toTransactionDto } from '../domain/payments';
import { chargeIdFor, idempotencyKeyOf, oncePerKey } from '../domain/idempotency';

const body = createAdBody(adImageSchema);

export const handler = defineHandler('createAd', {
  body,
  run: async ({ caller, body: input, event, log }) => {
    const idempotencyKey = idempotencyKeyOf(event);
    return oncePerKey(caller.sub, idempotencyKey, input, async () => {
      const businessId = await requireOwnRecordId(caller, 'business');
      if (input.businessId !== businessId) throw forbidden('You can only create ads for your own business');
      if (!isOwnUpload(input.image, caller.sub)) {
        throw fieldError('image', 'must be an image you uploaded', 'NOT_OWN_UPLOAD');
      }
      // Before the charge: an ad never pays for a refused picture.
      await requireProcessedUploads({ image: input.image });
      const business = await getBusinessById(businessId);
      if (!business) throw notFound('Business not found');

      const adId = randomUUID();
      const txn = await chargeBusiness(
        { sub: caller.sub, businessId, businessName: business.businessName },
        { amount: AD_PRICE, description: AD_DESCRIPTION, image: input.image, purpose: { kind: 'ad', adId } },
        idempotencyKey ? chargeIdFor(caller.sub, idempotencyKey) : undefined,
      );
      if (txn.status === 'Refused') {
        await transactWrite([transactionPut(txn)]);
        log.info('Ad payment refused', { transactionId: txn.id });
        throw paymentRefused(refusedMessage('ad'));
      }
      const ad = newAd(business, input.image, txn, adId);
      await transactWrite([adPut(ad), transactionPut(txn)]);
      await settleNewCopy(keys.ad(ad._id), businessId, ad.business!);
      await markUploadsUsed([ad.image], log);
      return reply(201, { ...toAdDto(ad, business), transaction: toTransactionDto(txn) });
    });
  },
});
