/**
 * Request schemas of offers and reviews: POST /offer, PUT /offer/{id}, PUT /offer/status, POST /finishedJobs,
 * PUT /post/{id}/review/reply.
 */
import * as z from 'zod';
import { OFFER_STATUSES } from '../constants';
import { idSchema, numberField, userText } from './fields';

export const MAX_OFFER_PRICE = 100_000_000;

export const createOfferBody = z.object({
  postId: idSchema('postId'),
  businessId: idSchema('businessId'),
  price: numberField({
    label: 'price',
    positive: true,
    max: MAX_OFFER_PRICE,
    messages: {
      type: 'Price must be a number',
      required: 'Price must be a number',
      min: 'Price must be greater than 0',
    },
  }).transform((p) => Math.round(p * 100) / 100),
  message: userText({ label: 'message', max: 2000, multiline: true, messages: { required: 'Message is required' } }),
});

/** PUT /offer/{id}: a business revises the price and message of its pending offer (same rules as making it). */
export const reviseOfferBody = createOfferBody.pick({ price: true, message: true });

export const offerStatusBody = z.object({
  offerId: idSchema('offerId'),
  newStatus: z.enum(OFFER_STATUSES, { error: `newStatus must be one of ${OFFER_STATUSES.join(', ')}` }),
});

export const REVIEW_MAX_CHARS = 1000;

export const finishedJobBody = z.object({
  postId: idSchema('postId'),
  businessId: idSchema('businessId'),
  rating: numberField({
    label: 'rating',
    int: true,
    min: 1,
    max: 5,
    messages: {
      required: 'Please provide a rating',
      type: 'Please provide a rating',
      int: 'Rating must be a whole number of stars',
      min: 'Rating must be between 1 and 5',
      max: 'Rating must be between 1 and 5',
    },
  }),
  review: userText({
    label: 'review',
    max: REVIEW_MAX_CHARS,
    multiline: true,
    messages: { required: 'Review is required', max: `Review must be at most ${REVIEW_MAX_CHARS} characters` },
  }),
});

/** A business's reply under a review of it, in characters. */
export const REVIEW_REPLY_MAX_CHARS = 1000;

/** PUT /post/{id}/review/reply: the reviewed business answers the review once (editable for REVIEW_REPLY_EDIT_DAYS). */
export const reviewReplyBody = z.object({
  text: userText({
    label: 'text',
    max: REVIEW_REPLY_MAX_CHARS,
    multiline: true,
    messages: { required: 'Reply is required', max: `Reply must be at most ${REVIEW_REPLY_MAX_CHARS} characters` },
  }),
});

export const offerIdParams = z.object({ id: idSchema() });
export const postOffersParams = z.object({ postId: idSchema('postId') });
