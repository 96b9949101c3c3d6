/** Request schema of the price guide: GET /price-guide?service=&town= (no sign-in). */
import * as z from 'zod';
import { SERVICE_NAMES, serviceId } from '../constants';
import { townSchema } from './fields';

/** The service (category) ids of the product's services. */
export const SERVICE_IDS = SERVICE_NAMES.map(serviceId) as [string, ...string[]];

export const priceGuideQuery = z.object({
  service: z.enum(SERVICE_IDS, { error: `service must be one of ${SERVICE_IDS.join(', ')}` }),
  /** Without a town: the service across Albania. */
  town: townSchema.optional(),
});
