/** GET /user/cognito/{sub}: the client record of a Cognito user (pattern 1); 404 when it has none. The email only for the client itself. 410 once its owner deleted the account. */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { assertNotClosed } from '../domain/privacy';
import { notFound } from '../lib/errors';
import { getAccount } from '../data/accounts';
import { getUserById } from '../data/users';
import { idParam } from '../domain/fields';
import { toUserDto } from '../domain/profiles';

export const handler = defineHandler('getUserByCognito', {
  params: z.object({ sub: idParam }),
  run: async ({ caller, params }) => {
    const account = await getAccount(params.sub);
    const user = account?.role === 'client' ? await getUserById(account.id) : undefined;
    if (!user) throw notFound('User not found');
    assertNotClosed(user);
    return toUserDto(user, caller);
  },
});
