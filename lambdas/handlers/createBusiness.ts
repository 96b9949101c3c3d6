/**
 * POST /business {email, cognitoId, businessName, location, categories?, description?}: the
 * signed-in business creates its own record (with its search tokens). The token's sub must be the
 * cognitoId; a second create for the same sub is a 409.
 */
import { randomUUID } from 'node:crypto';
import { createBusinessBody as body } from '../../common/schemas/accounts';
import { defineHandler, reply } from '../api/http';
import { conflict } from '../lib/errors';
import { createBusinessRecord } from '../data/businesses';
import { requireCategories } from '../data/categories';
import type { StoredBusiness } from '../model/users';
import { ownNewProfile, toBusinessDto } from '../domain/profiles';

export const handler = defineHandler('createBusiness', {
  body,
  run: async ({ caller, body: input }) => {
    const { cognitoId, email } = ownNewProfile(caller, input);
    const categories = input.categories ?? [];
    await requireCategories(categories, 'categories');
    const business: StoredBusiness = {
      _id: randomUUID(),
      cognitoId,
      businessName: input.businessName,
      ...(input.username ? { username: input.username } : {}),
      email,
      ...(input.description ? { description: input.description } : {}),
      location: input.location,
      categories,
      showroom: [],
      plan: 'basic',
      ...(input.language ? { language: input.language } : {}),
      createdAt: new Date().toISOString(),
    };
    if (!(await createBusinessRecord(business))) throw conflict('This account already has a profile', 'ALREADY_EXISTS');
    return reply(201, toBusinessDto(business, caller));
  },
});
