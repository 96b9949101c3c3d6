/**
 * POST /user {email, cognitoId, username, location?}: the signed-in client creates its own record.
 * The token's sub must be the cognitoId; a second create for the same sub is a 409.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { defineHandler, reply } from '../lib/http';
import { badRequest, conflict, forbidden } from '../lib/errors';
import { createUserRecord, type StoredUser } from '../data/users';
import { townSchema } from '../domain/fields';
import { toUserDto } from '../domain/profiles';

const body = z.object({
  cognitoId: z.string({ error: 'cognitoId is required' }).trim().min(1, 'cognitoId is required'),
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(100),
  email: z.email('email must be an email address').max(254).optional(),
  location: townSchema.optional(),
});

export const handler = defineHandler('createUser', {
  body,
  run: async ({ caller, body: input }) => {
    if (input.cognitoId !== caller.sub) throw forbidden('You can only create the profile of your own account');
    // The email is the one Cognito verified; the body's is only used when the token carries none.
    const email = caller.email ?? input.email;
    if (!email) throw badRequest('email is required', [{ field: 'email', message: 'email is required' }]);
    const user: StoredUser = {
      _id: randomUUID(),
      cognitoId: caller.sub,
      username: input.username,
      email,
      ...(input.location ? { location: input.location } : {}),
      createdAt: new Date().toISOString(),
    };
    if (!(await createUserRecord(user))) throw conflict('This account already has a profile');
    return reply(201, toUserDto(user));
  },
});
