/**
 * PUT /business/{id}: only the owner changes its profile. Body: any of businessName, username,
 * description, location (a town of the list), categories (existing ids), profilePicture (key or our
 * CDN address of a file the business uploaded; null or '' removes it), showroom (the same; the
 * catalogue screen sends a body of only {showroom}), language ('sq' or 'en'), serviceTowns (towns of the list
 * it works in: lead alerts match them), publicPage (false turns its public page off). Other fields (ids, cognitoId, email, offers, posts, counts,
 * plan) are ignored. The showroom (its portfolio) holds as many pictures as its plan allows (common/plans.ts): a
 * new picture above that is 409 PLAN_LIMIT, while pictures kept from a dearer plan stay (and may be removed or
 * reordered). A new name or picture is written onto the business's offers, ads and search entries before the answer;
 * a picture taken out of the portfolio leaves the ideas with it (and every board that saved it).
 */
import { updateBusinessBody } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { conflict, forbidden, notFound } from '../lib/errors';
import { getBusinessById, updateBusinessRecord, type BusinessChanges } from '../data/businesses';
import { requireCategories } from '../data/categories';
import { picturesChanged } from '../data/uploads';
import { requireProcessedUploads } from '../data/imageStates';
import { idParam, imageKeySchema, listedFiles, requireOwnUploads } from '../domain/fields';
import * as z from 'zod';
import { toBusinessDto } from '../domain/profiles';
import { assertPortfolioWithinPlan } from '../domain/plans';
import { removePortfolioIdeas } from '../data/boards';

const body = updateBusinessBody(imageKeySchema);

export const handler = defineHandler('updateBusiness', {
  params: z.object({ id: idParam }),
  body,
  run: async ({ caller, params, body: input, log }) => {
    const current = await getBusinessById(params.id);
    if (!current) throw notFound('Business not found');
    if (current.cognitoId !== caller.sub) throw forbidden('You can only change your own profile');
    const files = { profilePicture: input.profilePicture, ...listedFiles('showroom', input.showroom) };
    requireOwnUploads(files, caller.sub);
    // Pictures the profile already shows were processed when they were added.
    const shown = new Set([current.profilePicture, ...(current.showroom ?? [])]);
    await requireProcessedUploads(
      Object.fromEntries(Object.entries(files).filter(([, key]) => !shown.has(key ?? undefined))),
    );
    if (input.categories) await requireCategories(input.categories, 'categories');
    const changes: BusinessChanges = {};
    if (input.businessName !== undefined) changes.businessName = input.businessName;
    if (input.username !== undefined) changes.username = input.username || undefined;
    if (input.description !== undefined) changes.description = input.description || undefined;
    if (input.location !== undefined) changes.location = input.location;
    if (input.categories !== undefined) changes.categories = input.categories;
    if (input.profilePicture !== undefined) changes.profilePicture = input.profilePicture ?? undefined;
    if (input.showroom !== undefined) {
      changes.showroom = [...new Set(input.showroom)];
      assertPortfolioWithinPlan(current, changes.showroom);
    }
    if (input.language !== undefined) changes.language = input.language;
    if (input.serviceTowns !== undefined) changes.serviceTowns = [...new Set(input.serviceTowns)];
    if (input.publicPage !== undefined && input.publicPage !== (current.publicPage !== false))
      changes.publicPage = input.publicPage;
    if (!Object.keys(changes).length) return toBusinessDto(current, caller);

    const updated = await updateBusinessRecord(current, caller.sub, changes, new Date().toISOString());
    if (!updated) throw conflict('The profile was changed at the same time. Please try again.', 'CONCURRENT_CHANGE');
    // Its copies (its card on offers, ads, search and ideas; its rooms; a pending verification request) follow
    // before the answer (lambdas/data/copies.ts).
    // A portfolio picture taken out of the portfolio leaves the ideas (and every board) with it.
    const kept = new Set(updated.showroom ?? []);
    await removePortfolioIdeas(
      updated._id,
      (current.showroom ?? []).filter((key) => !kept.has(key)),
    );
    // New pictures are no longer pending uploads; dropped ones expire unless something else uses them (after the save).
    await picturesChanged(
      [current.profilePicture, ...(current.showroom ?? [])],
      [updated.profilePicture, ...(updated.showroom ?? [])],
      log,
    );
    return toBusinessDto(updated, caller);
  },
});
