/**
 * POST /post {userId, title, category, location, budget?, content?, images?}: a client posts a
 * request. userId must be the caller's own user id; title and location are required; categories
 * must exist; at most 5 images (keys of files the caller uploaded). The post and its open-index
 * entries are written in one transaction; it closes by itself POST_OPEN_DAYS later unless an offer is
 * accepted (lambdas/model/postLife.ts); the client's name is copied onto the post for cards. Once
 * saved, its images are marked used (no longer pending: data/uploads.ts). With `ideaId` ("ask for offers like this"),
 * the request starts from an idea the client may see (404 else): its picture is the request's reference and its
 * business is invited first (the notifier tells it at once: lambdas/notify/leads.ts); any business may still offer.
 */
import { copyFields } from '../model/copies';
import { randomUUID } from 'node:crypto';
import { createPostBody } from '../../common/schemas/posts';
import { defineHandler, reply } from '../api/http';
import { forbidden } from '../lib/errors';
import { countEvent } from '../lib/log';
import { requireOwnRecordId } from '../data/accounts';
import { requireCategories } from '../data/categories';
import { createPostRecord } from '../data/posts';
import { type StoredPost } from '../model/posts';
import { markUploadsUsed } from '../data/uploads';
import { requireProcessedUploads } from '../data/imageStates';
import { getUserById } from '../data/users';
import { imageKeySchema, listedFiles, requireOwnUploads } from '../domain/fields';
import { toPostDto } from '../domain/posts';
import { getIdea } from '../data/ideas';
import { referenceOf, requireVisibleIdea } from '../domain/ideas';
import { expiryFrom } from '../model/postLife';

const body = createPostBody(imageKeySchema);

export const handler = defineHandler('createPost', {
  body,
  run: async ({ caller, body: input, log }) => {
    requireOwnUploads(listedFiles('images', input.images), caller.sub);
    await requireProcessedUploads(listedFiles('images', input.images));
    const ownId = await requireOwnRecordId(caller, 'client');
    if (input.userId !== ownId) throw forbidden('You can only create posts as yourself');
    const categories = input.category ?? [];
    await requireCategories(categories, 'category');
    // "Ask for offers like this": the idea must be one the client may see (its business is invited first).
    const reference = input.ideaId ? await requireVisibleIdea(await getIdea(input.ideaId), caller) : undefined;
    const user = await getUserById(ownId);
    const now = new Date().toISOString();
    const post: StoredPost = {
      _id: randomUUID(),
      userId: ownId,
      title: input.title,
      ...(input.content ? { content: input.content } : {}),
      images: [...new Set(input.images ?? [])],
      category: categories,
      location: input.location,
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      createdAt: now,
      expiresAt: expiryFrom(now),
      status: 'open',
      // The client's name, as its copy (lambdas/model/copies.ts COPIES.clientName).
      ...(user ? copyFields('clientName', user) : {}),
      ...(reference ? { referenceIdeaId: reference._id } : {}),
    };
    await createPostRecord(post);
    await markUploadsUsed(post.images, log);
    countEvent('requestPosted');
    return reply(201, toPostDto(post, undefined, reference && referenceOf(reference)));
  },
});
