/** GET /business/cognito/{sub}: the business record of a Cognito user (pattern 1); 404 when it has none. */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { assertNotClosed } from '../domain/privacy';
import { notFound } from '../lib/errors';
import { getAccount } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { idParam } from '../domain/fields';
import { toBusinessDto } from '../domain/profiles';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('getBusinessByCognito', {
  params: z.object({ sub: idParam }),
  run: async ({ caller, params }) => {
    const account = await getAccount(params.sub);
    const business = account?.role === 'business' ? await getBusinessById(account.id) : undefined;
    if (!business || !maySee(business, business.cognitoId, caller)) throw notFound('Business not found');
    assertNotClosed(business);
    return toBusinessDto(business, caller);
  },
});
