/**
 * POST /business/{id}/views: a signed-in user opened the business's profile in the app (its Statistics count it:
 * once per viewer and day, never the owner's own nor a robot's: lambdas/domain/profileViews.ts). 404 for no such
 * business (or one moderation hid). Answers whether this view was counted.
 */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { idParam } from '../domain/fields';
import { recordProfileView } from '../domain/profileViews';

export const handler = defineHandler('recordProfileView', {
  params: z.object({ id: idParam }),
  run: async ({ caller, params, event }) => {
    const outcome = await recordProfileView({
      businessId: params.id,
      viewerSub: caller.sub,
      userAgent: event.headers?.['user-agent'],
    });
    if (outcome === 'missing') throw notFound('Business not found');
    return { counted: outcome === 'counted' };
  },
});
