/** Request schemas of ads and subscriptions: POST /ad, GET /ads, POST /ad/{id}/click, POST /subscription. */
import * as z from 'zod';
import { SUBSCRIPTION_PLANS, type PlanId } from '../constants';
import { AD_LIST_MAX, AD_RUN_MAX_TOWNS, AD_STRIP_SIZE, VIEW_ID_PATTERN } from '../adRuns';
import type { ErrorCode } from '../errors';
import { idSchema, imageRefSchema, keyText, numberField, townSchema, userText, type ImageSchema } from './fields';
import { dayField } from './offers';

/**
 * What a run is shown to (all optional: a client that sends only `{businessId, image}`, as the original API did, buys
 * a run of the business's first service across the whole country, starting when it is paid).
 */
export const adTargetingShape = {
  category: keyText('category').optional(),
  towns: z
    .array(townSchema, { error: 'towns must be a list of towns' })
    .max(AD_RUN_MAX_TOWNS, `at most ${AD_RUN_MAX_TOWNS} towns (none: the whole country)`)
    .refine((towns) => new Set(towns).size === towns.length, 'each town once')
    .optional(),
  startDate: dayField('startDate').optional(),
};

export const createAdBody = (image: ImageSchema = imageRefSchema) =>
  z.object({
    businessId: idSchema('businessId'),
    image,
    ...adTargetingShape,
    /** Premium's run included this month: no payment (409 when the plan includes none, or it was used). */
    includedRun: z.boolean({ error: 'includedRun must be true or false' }).optional(),
    /**
     * Buy it even though it overlaps one of the business's own paid runs for the same service and towns (without
     * it: 409 AD_RUN_OVERLAP, saying what it would add).
     */
    allowOverlap: z.boolean({ error: 'allowOverlap must be true or false' }).optional(),
  });

/** A page view's id: the same one sent again (a retry, a refetch) is counted once. */
export const viewIdField = () =>
  z.string({ error: 'view must be a text' }).refine((v) => VIEW_ID_PATTERN.test(v), {
    message: 'view must be 8-64 letters, digits, - or _',
    params: { code: 'INVALID_VALUE' satisfies ErrorCode },
  });

/** GET /ads: the runs relevant to the caller, at most `limit` (the strip asks AD_STRIP_SIZE). */
export const listAdsQuery = z.object({
  limit: numberField({ label: 'limit', int: true, min: 1, max: AD_LIST_MAX }).default(AD_STRIP_SIZE),
  /** Accepted for clients of the paged list; the answer never has a next page. */
  cursor: userText({ label: 'cursor', max: 4096 }).optional(),
  view: viewIdField().optional(),
});

/** POST /ad/{id}/click. */
export const adClickBody = z.object({ view: viewIdField().optional() });

const planIds = SUBSCRIPTION_PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];
export const subscriptionBody = z.object({
  plan: z.enum(planIds, { error: `plan must be one of ${planIds.join(', ')}` }),
});
