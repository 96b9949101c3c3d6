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
import { defineHandler } from '../lib/http';
import { conflict, forbidden, notFound } from '../lib/errors';
import { getBusinessById, updateBusinessRecord, type BusinessChanges } from '../data/businesses';
import { refreshAfterChange } from '../data/businessCards';
import { requireCategories } from '../data/categories';
import { carryProfileToVerification } from '../data/verifications';
import { carryProfileToRooms, ROOM_COPY_FIELDS } from '../data/roomProfiles';
import { copiesDeadline } from '../lib/dependencies';
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
    const started = Date.now();
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
    // A pending verification request shows the name and town in the moderators' queue (a no-op without one).
    if ('businessName' in changes || 'location' in changes) await carryProfileToVerification(updated);
    // Its chat rooms show its name, picture and town (lambdas/data/roomProfiles.ts), within part of the request's
    // time limit; the stream's notifier finishes what is left.
    if (ROOM_COPY_FIELDS.business.some((field) => field in changes)) {
      const carried = await carryProfileToRooms(
        { role: 'business', record: updated },
        { until: copiesDeadline(started) },
      );
      if (!carried.complete)
        log.info('Profile edit left chat rooms to the stream', { businessId: params.id, written: carried.changed });
    }
    // A new name or picture shows on its offers, ads and search entries right away (lambdas/data/businessCards.ts).
    if (updated.cardVersion !== current.cardVersion) await refreshAfterChange(updated._id, started, log);
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
