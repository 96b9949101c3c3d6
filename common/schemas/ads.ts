/** Request schemas of ads and subscriptions: POST /ad, POST /subscription. */
import * as z from 'zod';
import { SUBSCRIPTION_PLANS, type PlanId } from '../constants';
import { idSchema, imageRefSchema, type ImageSchema } from './fields';

export const createAdBody = (image: ImageSchema = imageRefSchema) =>
  z.object({
    businessId: idSchema('businessId'),
    image,
  });

const planIds = SUBSCRIPTION_PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];
export const subscriptionBody = z.object({
  plan: z.enum(planIds, { error: `plan must be one of ${planIds.join(', ')}` }),
});
