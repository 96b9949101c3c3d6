/**
 * POST /ad {businessId, image}: a business buys a Sponsored ad. The ad is recorded awaiting its payment (on no
 * list yet) together with a pending payment of AD_PRICE in the stage's charge currency, and a checkout is started
 * with the payment provider: 201 answers the ad, its payment and where to pay (`checkout.url`, the web app's pay
 * step). The ad is listed when the provider's webhook says the payment completed (lambdas/domain/payments.ts); a
 * declined card leaves it unlisted. With an Idempotency-Key header a retried or doubled request starts one payment
 * and answers the first answer (domain/idempotency.ts).
 */
import { randomUUID } from 'node:crypto';
import { createAdBody } from '../../common/schemas/ads';
import { AD_PRICE } from '../../common/constants';
import { defineHandler, reply } from '../lib/http';
import { fieldError, forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { adPut, getAd } from '../data/ads';
import { settleNewCopy } from '../data/businessCards';
import { keys } from '../data/keys';
import { markUploadsUsed } from '../data/uploads';
import { requireProcessedUploads } from '../data/imageStates';
import { AD_DESCRIPTION, adImageSchema, isOwnUpload, newAd, toAdDto } from '../domain/ads';
import { startPurchase, toTransactionDto } from '../domain/payments';
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
      // Before the payment: an ad never pays for a refused picture.
      await requireProcessedUploads({ image: input.image });
      const business = await getBusinessById(businessId);
      if (!business) throw notFound('Business not found');

      const adId = randomUUID();
      const paymentId = idempotencyKey ? chargeIdFor(caller.sub, idempotencyKey) : randomUUID();
      const ad = newAd(business, input.image, { id: paymentId, status: 'Pending' }, adId);
      const { payment, checkout } = await startPurchase(
        {
          payer: { sub: caller.sub, businessId, businessName: business.businessName },
          product: 'adRun',
          amount: AD_PRICE,
          description: AD_DESCRIPTION,
          image: input.image,
          purpose: { kind: 'ad', adId },
          id: paymentId,
          with: [adPut(ad)],
          email: business.email,
        },
        log,
      );
      await settleNewCopy(keys.ad(ad._id), businessId, ad.business!);
      await markUploadsUsed([ad.image], log);
      return reply(201, {
        ...toAdDto((await getAd(adId)) ?? ad, business),
        transaction: toTransactionDto(payment),
        checkout: { url: checkout.url, transactionId: checkout.transactionId },
      });
    });
  },
});
