/**
 * POST /offer {price, message, postId, businessId}: a business offers on an open post, at most one
 * live offer per business per post (the OFFERBY guard, conditional, in the same transaction as the
 * offer and a check that the post is still open). Answers 201 with the offer.
 */
import * as z from 'zod';
import { defineHandler, reply } from '../lib/http';
import { conflict, forbidden, notFound } from '../lib/errors';
import { countEvent } from '../lib/log';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { createOffer } from '../data/offers';
import { MESSAGES, newOffer, toOfferDto } from '../domain/offers';

const body = z.object({
  postId: z.string().trim().min(1, 'postId is required').max(128),
  businessId: z.string().trim().min(1, 'Business ID is required.').max(128),
  price: z.coerce.number({ error: 'Price must be a number' }).positive('Price must be greater than 0').max(100_000_000)
    .transform((p) => Math.round(p * 100) / 100),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(2000),
});

export const handler = defineHandler('createOffer', {
  body,
  run: async ({ caller, body: input }) => {
    const businessId = await requireOwnRecordId(caller, 'business');
    if (input.businessId !== businessId) throw forbidden('You can only make offers as your own business');
    const post = await getPostById(input.postId);
    if (!post) throw notFound('Post not found');
    if (post.status !== 'open') throw conflict(MESSAGES.postNotOpen);
    const offer = newOffer({ ...input, businessId }, caller.sub);
    await createOffer(offer);
    countEvent('offerMade');
    return reply(201, toOfferDto(offer));
  },
});
