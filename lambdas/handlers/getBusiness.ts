/** GET /business/{id}: a business profile (pattern 2) with its offer and finished-job counts (stored on the record); a hidden one only to itself and moderators. */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { assertNotClosed } from '../domain/privacy';
import { notFound } from '../lib/errors';
import { getBusinessById } from '../data/users';
import { idParam } from '../domain/fields';
import { toBusinessDto } from '../domain/profiles';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('getBusiness', {
  params: z.object({ id: idParam }),
  run: async ({ caller, params }) => {
    const business = await getBusinessById(params.id);
    if (!business || !maySee(business, business.cognitoId, caller)) throw notFound('Business not found');
    assertNotClosed(business);
    return toBusinessDto(business, caller);
  },
});
