/**
 * POST /ad {businessId, image, category?, towns?, startDate?, includedRun?}: a business buys a Sponsored run
 * (docs/sponsored-runs.md): AD_RUN_DAYS days for one of its services (default: its first) in up to three towns
 * (default: none, the whole country), from when it is paid or a chosen later day. The run is recorded awaiting its
 * payment (on the business's own list only) together with a pending payment of AD_PRICE in the stage's charge
 * currency, and a checkout is started with the payment provider: 201 answers the run, its payment and where to pay
 * (`checkout.url`, the web app's pay step). The run is scheduled or goes live when the provider's webhook says the
 * payment completed (lambdas/domain/payments.ts); a declined card leaves it awaiting payment. With an
 * Idempotency-Key header a retried or doubled request starts one payment and answers the first answer.
 *
 * `includedRun: true`: the run Premium includes each month, with no payment (201 without a checkout; 409
 * INCLUDED_RUN_UNAVAILABLE when the plan includes none this month or it was used).
 */
import { randomUUID } from 'node:crypto';
import { createAdBody } from '../../common/schemas/ads';
import { AD_PRICE, SERVICE_NAMES, serviceId } from '../../common/constants';
import { plannedReach, runOverlap, startDateRange } from '../../common/adRuns';
import { defineHandler, reply } from '../api/http';
import { conflict, fieldError, forbidden, notFound, runOverlapConflict } from '../lib/errors';
import { now, nowIso } from '../lib/clock';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { type StoredBusiness } from '../model/users';
import { activeAdsOfBusiness, adPut, getAd } from '../data/ads';
import { markUploadsUsed } from '../data/uploads';
import { requireProcessedUploads } from '../data/imageStates';
import { adImageSchema, adRunDescription, isOwnUpload, newAd, toOwnAdDto, type AdTargeting } from '../domain/ads';
import { monthOf, planIncludesRun, startIncludedRun } from '../domain/adRuns';
import { includedRunsStartedIn } from '../data/plans';
import { startPurchase, toTransactionDto } from '../domain/payments';
import { chargeIdFor, idempotencyKeyOf, oncePerKey } from '../api/idempotency';
import { chargeCurrency } from '../payments/provider';

const body = createAdBody(adImageSchema);

/**
 * The run's targeting: one of the business's own services (its first by default; a business that lists none yet
 * buys a run shown by town and country only), its towns (none: the country), its start.
 */
function targetingOf(
  business: StoredBusiness,
  input: { category?: string; towns?: string[]; startDate?: string },
): AdTargeting {
  if (input.category && !business.categories?.includes(input.category))
    throw fieldError('category', 'must be one of the services your business offers', 'SERVICE_NOT_OFFERED');
  const category = input.category ?? business.categories?.[0];
  if (input.startDate) {
    const range = startDateRange(now());
    if (input.startDate < range.first || input.startDate > range.last)
      throw fieldError('startDate', `must be a day from ${range.first} to ${range.last}`, 'INVALID_DATE');
  }
  return {
    ...(category ? { category } : {}),
    towns: input.towns ?? [],
    ...(input.startDate ? { startDate: input.startDate } : {}),
  };
}

const serviceName = (category: string | undefined) => SERVICE_NAMES.find((name) => serviceId(name) === category);

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
      const business = await getBusinessById(businessId);
      if (!business) throw notFound('Business not found');
      const targeting = targetingOf(business, input);
      // Before the payment: a run never pays for a refused picture.
      await requireProcessedUploads({ image: input.image });
      // An included run that cannot be had is refused as such before anything else is said of it.
      if (
        input.includedRun &&
        (!planIncludesRun(business) || (await includedRunsStartedIn(business._id, monthOf(nowIso()))) > 0)
      )
        throw conflict('Your plan includes no Sponsored run left this month', 'INCLUDED_RUN_UNAVAILABLE');
      if (!input.allowOverlap) {
        // A strip shows a business once: a run overlapping one of its own buys only what that one does not cover.
        const overlap = runOverlap(
          (await activeAdsOfBusiness(businessId)).map((ad) => ({
            _id: ad._id,
            state: ad.state,
            ...(ad.category ? { category: ad.category } : {}),
            towns: ad.towns ?? [],
            startsAt: ad.startsAt ?? '',
            endsAt: ad.endsAt ?? '',
          })),
          plannedReach(targeting, nowIso()),
        );
        if (overlap)
          throw runOverlapConflict(
            'This run overlaps one of your runs for the same service, towns and days (send allowOverlap: true to buy it anyway)',
            overlap,
          );
      }

      if (input.includedRun) {
        const ad = await startIncludedRun(business._id, input.image, targeting, chargeCurrency());
        await markUploadsUsed([ad.image], log);
        return reply(201, toOwnAdDto((await getAd(ad._id, { consistent: true })) ?? ad, business, undefined));
      }

      const adId = randomUUID();
      const paymentId = idempotencyKey ? chargeIdFor(caller.sub, idempotencyKey) : randomUUID();
      const ad = newAd(
        business,
        input.image,
        { id: paymentId, status: 'Pending' },
        targeting,
        {
          price: AD_PRICE,
          currency: chargeCurrency(),
        },
        adId,
      );
      const { payment, checkout } = await startPurchase(
        {
          payer: { sub: caller.sub, businessId, businessName: business.businessName },
          product: 'adRun',
          amount: AD_PRICE,
          description: adRunDescription(serviceName(targeting.category), targeting.towns),
          item: { ...(targeting.category ? { service: targeting.category } : {}), towns: targeting.towns },
          image: input.image,
          purpose: { kind: 'ad', adId },
          id: paymentId,
          with: adPut(ad),
        },
        log,
      );
      await markUploadsUsed([ad.image], log);
      return reply(201, {
        ...toOwnAdDto((await getAd(adId, { consistent: true })) ?? ad, business, undefined),
        transaction: toTransactionDto(payment),
        checkout: { url: checkout.url, transactionId: checkout.transactionId },
      });
    });
  },
});
