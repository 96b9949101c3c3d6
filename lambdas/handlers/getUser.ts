/** GET /user/{id}: a client's profile (pattern 2); the email only for the client itself. 410 once its owner deleted the account. */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { assertNotClosed } from '../domain/privacy';
import { notFound } from '../lib/errors';
import { getUserById } from '../data/users';
import { idParam } from '../domain/fields';
import { toUserDto } from '../domain/profiles';

export const handler = defineHandler('getUser', {
  params: z.object({ id: idParam }),
  run: async ({ params, caller }) => {
    const user = await getUserById(params.id);
    if (!user) throw notFound('User not found');
    assertNotClosed(user);
    return toUserDto(user, caller);
  },
});
