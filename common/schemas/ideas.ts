/**
 * Request schemas of ideas and boards (common/ideas.ts): tagging a picture, the lists of ideas and their filters,
 * the client's consent to show a job's price band, and the boards a client saves ideas to. Shared by the API and
 * the web forms.
 */
import * as z from 'zod';
import { BOARD_NAME_MAX, IDEA_ROOMS, IDEA_STYLES, IDEAS_PAGE_SIZE, isIdeaListShape } from '../ideas';
import { idSchema, imageRefSchema, townSchema, userText, type ImageSchema } from './fields';
import { limitField, pageQuery } from './paging';
import { SERVICE_IDS } from './priceGuide';

export const ideaRoomSchema = z.enum(IDEA_ROOMS, { error: `room must be one of ${IDEA_ROOMS.join(', ')}` });
export const ideaStyleSchema = z.enum(IDEA_STYLES, { error: `style must be one of ${IDEA_STYLES.join(', ')}` });
export const ideaServiceSchema = z.enum(SERVICE_IDS, { error: `service must be one of ${SERVICE_IDS.join(', ')}` });

/**
 * POST /ideas: a business tags one of its pictures (its portfolio's, or with `postId` one of its finished job's) with
 * a room and, optionally, a style; `service` defaults to the job's first service or the business's first. Tagging
 * the same picture again changes its tags. `style: null` takes the style off.
 */
export const ideaTagBody = (image: ImageSchema = imageRefSchema) =>
  z.object({
    picture: image,
    postId: idSchema('postId').optional(),
    room: ideaRoomSchema,
    style: z.union([ideaStyleSchema, z.null()]).optional(),
    service: ideaServiceSchema.optional(),
  });

export const ideaParams = z.object({ id: idSchema() });

/**
 * GET /ideas: newest first, paged. One of the shapes of IDEA_LIST_SHAPES (common/ideas.ts): no filter, a room, a room
 * in a town, a style, a service, a service in a town, or one business's ideas; any other mix is 400 INVALID_VALUE.
 */
export const ideasQuery = z
  .object({
    room: ideaRoomSchema.optional(),
    style: ideaStyleSchema.optional(),
    town: townSchema.optional(),
    service: ideaServiceSchema.optional(),
    business: idSchema('business').optional(),
    limit: limitField().default(IDEAS_PAGE_SIZE),
    cursor: pageQuery.cursor,
  })
  .refine((q) => isIdeaListShape(q), {
    message:
      'filter by nothing, a room, a room and a town, a style, a service, a service and a town, or a business (no other mix)',
    path: ['town'],
    params: { code: 'INVALID_VALUE' },
  });

/** GET and PUT /ideas/price-band/{postId}: the finished job of the client's request. */
export const priceBandParams = z.object({ postId: idSchema('postId') });

/** PUT /ideas/price-band/{postId}: whether the job's price band may show with its pictures (default: no). */
export const priceBandBody = z.object({
  show: z.boolean({ error: 'show must be true or false' }),
});

const boardName = userText({ label: 'name', max: BOARD_NAME_MAX });

/** POST /boards: a new board, private until shared. */
export const createBoardBody = z.object({ name: boardName });

/** PUT /boards/{id}: rename it, or share it by link (or stop sharing). */
export const updateBoardBody = z
  .object({
    name: boardName.optional(),
    shared: z.boolean({ error: 'shared must be true or false' }).optional(),
  })
  .refine((b) => b.name !== undefined || b.shared !== undefined, {
    message: 'give a name or shared',
    path: ['name'],
    params: { code: 'FIELD_REQUIRED' },
  });

export const boardParams = z.object({ id: idSchema() });
export const boardIdeaParams = z.object({ id: idSchema(), ideaId: idSchema('ideaId') });
