/**
 * GET /business/search?name=: businesses whose name has a word starting with the query (folded:
 * case and accents ignored; several words match consecutive words of the name). A blank query
 * answers []. See lambdas/domain/search.ts.
 */
import * as z from 'zod';
import { searchableName } from '../../common/schemas/accounts';
import { defineHandler } from '../lib/http';
import { searchBusinessesByName } from '../data/businesses';

export const handler = defineHandler('searchBusinesses', {
  query: z.object({ name: searchableName('name', 0).optional() }),
  run: async ({ query }) => searchBusinessesByName(query.name ?? ''),
});
