/**
 * Request schemas of offers and reviews: POST /offer, PUT /offer/{id}, PUT /offer/status, the negotiation
 * (POST /offer/{id}/counter, POST /offer/{id}/answer), POST /finishedJobs, PUT /post/{id}/review/reply.
 */
import * as z from 'zod';
import {
  COUNTER_ANSWERS,
  NEGOTIATION_NOTE_MAX,
  OFFER_DURATION_MAX_DAYS,
  OFFER_INCLUDED,
  OFFER_INCLUDED_NOTE_MAX,
  OFFER_ITEM_LABEL_MAX,
  OFFER_ITEMS_MAX,
  OFFER_STATUSES,
  OFFER_VALIDITY_MAX_DAYS,
  addDays,
  todayDate,
} from '../constants';
import type { ErrorCode } from '../errors';
import { idSchema, numberField, userText } from './fields';

export const MAX_OFFER_PRICE = 100_000_000;

const issue = (path: (string | number)[], message: string, code: ErrorCode) => ({
  code: 'custom' as const,
  path,
  message,
  params: { code },
});

/** An amount of money in the stage's currency: a positive number, kept to the cent. */
const money = (label: string, messages?: { type?: string; required?: string; min?: string }) =>
  numberField({ label, positive: true, max: MAX_OFFER_PRICE, messages }).transform((p) => Math.round(p * 100) / 100);

const priceField = money('price', {
  type: 'Price must be a number',
  required: 'Price must be a number',
  min: 'Price must be greater than 0',
});

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A whole day, `YYYY-MM-DD` (a real calendar day). */
export const dayField = (label: string) =>
  z
    .string({ error: `${label} must be a day as YYYY-MM-DD` })
    .refine((d) => DAY_PATTERN.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && addDays(d, 0) === d, {
      message: `${label} must be a day as YYYY-MM-DD`,
      params: { code: 'INVALID_DATE' satisfies ErrorCode },
    });

/** One line of an itemised offer. */
export const offerItemSchema = z.object({
  label: userText({ label: 'label', max: OFFER_ITEM_LABEL_MAX }),
  amount: money('amount'),
});

/** The version of the offer the caller saw (answers carry it): a step on an offer changed meanwhile is refused. */
const versionField = numberField({ label: 'version', int: true, min: 0, max: 1_000_000 });

const noteField = userText({ label: 'note', max: NEGOTIATION_NOTE_MAX, min: 0, multiline: true }).optional();

/**
 * What an offer says: price and message as before, and optionally its line items (whose sum must be the price),
 * the earliest start, the duration in days, what is included and the last day it is valid (default
 * OFFER_VALIDITY_DEFAULT_DAYS from today, filled in by the API).
 */
const termsShape = {
  price: priceField,
  message: userText({ label: 'message', max: 2000, multiline: true, messages: { required: 'Message is required' } }),
  items: z
    .array(offerItemSchema, { error: 'items must be a list of {label, amount}' })
    .max(OFFER_ITEMS_MAX, { message: `At most ${OFFER_ITEMS_MAX} items` })
    .optional(),
  startDate: dayField('startDate').optional(),
  durationDays: numberField({ label: 'durationDays', int: true, min: 1, max: OFFER_DURATION_MAX_DAYS }).optional(),
  included: z
    .array(z.enum(OFFER_INCLUDED, { error: `included must list some of ${OFFER_INCLUDED.join(', ')}` }))
    .max(OFFER_INCLUDED.length, { message: 'Name each included part once' })
    .transform((list) => [...new Set(list)])
    .optional(),
  includedNote: userText({ label: 'includedNote', max: OFFER_INCLUDED_NOTE_MAX, min: 0 }).optional(),
  validUntil: dayField('validUntil').optional(),
};

/** Sum of amounts in cents (so 0.1 + 0.2 adds up to 0.3). */
export const centsOf = (amounts: number[]) => amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);

type Terms = {
  price?: number;
  items?: { amount: number }[];
  startDate?: string;
  validUntil?: string;
};

/** The rules between fields of an offer's terms (items add up to the price; start and validity not in the past). */
export function checkTerms(t: Terms, ctx: z.RefinementCtx, today = todayDate()) {
  if (t.items?.length && typeof t.price === 'number' && centsOf(t.items.map((i) => i.amount)) !== centsOf([t.price]))
    ctx.addIssue(issue(['items'], 'The items must add up to the price', 'ITEMS_TOTAL_MISMATCH'));
  // A day before today (UTC) is allowed for a caller a time zone ahead.
  if (t.startDate && t.startDate < addDays(today, -1))
    ctx.addIssue(issue(['startDate'], 'The start date must not be in the past', 'INVALID_DATE'));
  if (t.validUntil && (t.validUntil < addDays(today, -1) || t.validUntil > addDays(today, OFFER_VALIDITY_MAX_DAYS)))
    ctx.addIssue(
      issue(
        ['validUntil'],
        `The offer must be valid from today to at most ${OFFER_VALIDITY_MAX_DAYS} days ahead`,
        'INVALID_DATE',
      ),
    );
}

/** The terms a business writes (the web form's fields; PUT /offer/{id} adds version and note). */
export const offerTermsBody = z.object(termsShape).superRefine((t, ctx) => checkTerms(t, ctx));

export const createOfferBody = z
  .object({ postId: idSchema('postId'), businessId: idSchema('businessId'), ...termsShape })
  .superRefine((t, ctx) => checkTerms(t, ctx));

/**
 * PUT /offer/{id}: a business revises its pending offer (all its terms, same rules as making it). While a
 * counter-offer is open, the revision is the business's answer to it. `version` (optional): refused with 409 when
 * the offer changed since; `note` goes to the history.
 */
export const reviseOfferBody = z
  .object({ ...termsShape, version: versionField.optional(), note: noteField })
  .superRefine((t, ctx) => checkTerms(t, ctx));

/** POST /offer/{id}/counter: the client proposes another price (and optionally start date) with a note. */
export const counterOfferBody = z
  .object({ version: versionField, price: priceField, startDate: dayField('startDate').optional(), note: noteField })
  .superRefine((t, ctx) => checkTerms(t, ctx));

/** POST /offer/{id}/answer: the business accepts or declines the client's open counter-offer. */
export const counterAnswerBody = z.object({
  version: versionField,
  answer: z.enum(COUNTER_ANSWERS, { error: `answer must be one of ${COUNTER_ANSWERS.join(', ')}` }),
});

export const offerStatusBody = z.object({
  offerId: idSchema('offerId'),
  newStatus: z.enum(OFFER_STATUSES, { error: `newStatus must be one of ${OFFER_STATUSES.join(', ')}` }),
  /** The version of the offer the client saw: accepting terms that changed meanwhile is refused (409). */
  version: versionField.optional(),
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
