/**
 * PUT /user/{id} {username?, location?, profilePicture?, language?}: only the owner changes its profile. Other
 * fields (ids, cognitoId, email, posts...) are ignored: the email belongs to the Cognito account.
 * profilePicture: a file the user uploaded (key or our CDN address); null or '' removes it. A new username is written
 * onto the client's posts and their open-list copies before the answer.
 */
import * as z from 'zod';
import { updateUserBody } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { picturesChanged } from '../data/uploads';
import { requireProcessedUploads } from '../data/imageStates';
import { getUserById, updateUserRecord, type UserChanges } from '../data/users';
import { idParam, imageKeySchema, requireOwnUploads } from '../domain/fields';
import { toUserDto } from '../domain/profiles';

const body = updateUserBody(imageKeySchema);

export const handler = defineHandler('updateUser', {
  params: z.object({ id: idParam }),
  body,
  run: async ({ caller, params, body: input, log }) => {
    const current = await getUserById(params.id);
    if (!current) throw notFound('User not found');
    if (current.cognitoId !== caller.sub) throw forbidden('You can only change your own profile');
    requireOwnUploads({ profilePicture: input.profilePicture }, caller.sub);
    if (input.profilePicture !== current.profilePicture)
      await requireProcessedUploads({ profilePicture: input.profilePicture });
    const changes: UserChanges = {};
    if (input.username !== undefined) changes.username = input.username;
    if (input.location !== undefined) changes.location = input.location || undefined;
    if (input.profilePicture !== undefined) changes.profilePicture = input.profilePicture ?? undefined;
    if (input.language !== undefined) changes.language = input.language;
    if (!Object.keys(changes).length) return toUserDto(current, caller);
    const updated = await updateUserRecord(params.id, caller.sub, changes, new Date().toISOString());
    if (!updated) throw notFound('User not found');
    // Its name on its posts and their open-list entries, its name and picture on its chat rooms, follow before the
    // answer (lambdas/data/copies.ts); what the time left does not allow, the stream writes.
    // A new picture is no longer a pending upload; a replaced one expires unless something else uses it (after the save).
    await picturesChanged([current.profilePicture], [updated.profilePicture], log);
    return toUserDto(updated, caller);
  },
});
