/**
 * GET /ideas/{id}: one idea (its picture, tags, town, its business's card, the price band its client lets show). Its
 * business and moderators see it hidden too (with the mark); to everyone else an idea that is hidden, or whose business
 * is hidden, suspended or closed, is 404.
 */
import { ideaParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { getIdea } from '../data/ideas';
import { requireVisibleIdea, toIdeaDto } from '../domain/ideas';

export const handler = defineHandler('getIdea', {
  params: ideaParams,
  run: async ({ caller, params }) => toIdeaDto(await requireVisibleIdea(await getIdea(params.id), caller), caller),
});
