/**
 * POST /user {email, cognitoId, username, location?}: the signed-in client creates its own record.
 * The token's sub must be the cognitoId; a second create for the same sub is a 409.
 */
import { randomUUID } from 'node:crypto';
import { createUserBody as body } from '../../common/schemas/accounts';
import { defineHandler, reply } from '../api/http';
import { conflict } from '../lib/errors';
import { createUserRecord } from '../data/users';
import { type StoredUser } from '../model/users';
import { ownNewProfile, toUserDto } from '../domain/profiles';

export const handler = defineHandler('createUser', {
  body,
  run: async ({ caller, body: input }) => {
    const { cognitoId, email } = ownNewProfile(caller, input);
    const user: StoredUser = {
      _id: randomUUID(),
      cognitoId,
      username: input.username,
      email,
      ...(input.location ? { location: input.location } : {}),
      ...(input.language ? { language: input.language } : {}),
      createdAt: new Date().toISOString(),
    };
    if (!(await createUserRecord(user))) throw conflict('This account already has a profile', 'ALREADY_EXISTS');
    return reply(201, toUserDto(user, caller));
  },
});
