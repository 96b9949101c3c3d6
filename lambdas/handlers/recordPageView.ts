/**
 * POST /business/{id}/page-views: the beacon of a business's public page (the page itself is cached by the CDN, so
 * its small script reports the view). No sign-in; counted once per address and browser a day, never a robot's, and
 * the owner's own browser sends none (lambdas/domain/profileViews.ts). 404 for no such business.
 */
import * as z from 'zod';
import { defineRawBodyHandler, jsonResult } from '../api/http';
import { fieldError, notFound } from '../lib/errors';
import { idParam } from '../domain/fields';
import { recordProfileView } from '../domain/profileViews';

const params = z.object({ id: idParam });

export const handler = defineRawBodyHandler('recordPageView', async ({ header, event }) => {
  const parsed = params.safeParse(event.pathParameters ?? {});
  if (!parsed.success) throw fieldError('id', parsed.error.issues[0]?.message ?? 'invalid', 'INVALID_VALUE');
  const outcome = await recordProfileView({
    businessId: parsed.data.id,
    viewerIp: event.requestContext?.http?.sourceIp,
    userAgent: header('user-agent'),
  });
  if (outcome === 'missing') throw notFound('Business not found');
  return jsonResult(200, { counted: outcome === 'counted' });
});
