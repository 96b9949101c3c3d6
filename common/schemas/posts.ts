/** Request schemas of posts: POST /post, GET /post/filtred, and the id parameters. */
import * as z from 'zod';
import { LIMITS, POST_TITLE_MAX, TOWNS } from '../constants';
import {
  categoryIdsSchema,
  idSchema,
  imageRefSchema,
  keyText,
  numberField,
  townSchema,
  userText,
  type ImageSchema,
} from './fields';
import { limitField } from './paging';

/** The largest budget a post may have. */
export const MAX_BUDGET = 1_000_000_000;

/** Budget of a new post: a whole number (JSON number or plain decimal text); '' or null means none. */
export const budgetSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  numberField({
    label: 'budget',
    int: true,
    min: 0,
    max: MAX_BUDGET,
    messages: { type: 'budget must be a whole number', min: 'budget must not be negative', max: 'budget is too large' },
  }).optional(),
);

export const createPostBody = (image: ImageSchema = imageRefSchema) =>
  z.object({
    userId: idSchema('userId'),
    title: userText({ label: 'title', max: POST_TITLE_MAX, messages: { max: 'title is too long' } }),
    category: categoryIdsSchema.optional(),
    location: townSchema,
    budget: budgetSchema,
    content: userText({
      label: 'content',
      max: 5000,
      min: 0,
      multiline: true,
      messages: { max: 'content is too long' },
    }).optional(),
    images: z.array(image).max(LIMITS.maxPostImages, 'Maximum 5 images allowed.').optional(),
    /** "Ask for offers like this": the idea it starts from (its picture a reference, its business invited first). */
    ideaId: idSchema('ideaId').optional(),
  });

/**
 * A comma-separated list of key parts in a query (`categories=a,b`): each value trimmed, checked as
 * key text (at most MAX_KEY_PART_BYTES bytes), duplicates dropped, at most `max` values.
 */
const keyList = (field: string, max: number) =>
  z
    .string()
    .max(4000)
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .superRefine((values, ctx) => {
      if (values.length > max)
        ctx.addIssue({ code: 'custom', message: `at most ${max} ${field}`, params: { code: 'TOO_MANY_ITEMS' } });
      // Each value is checked like any key part (keyText); its first refusal is the field's.
      const part = keyText(`every value of ${field}`);
      for (const v of values) {
        const result = part.safeParse(v);
        if (result.success) continue;
        const first = result.error.issues[0];
        const code =
          (first as { params?: { code?: string } }).params?.code ??
          (first.code === 'too_big' ? 'FIELD_TOO_LONG' : 'INVALID_VALUE');
        ctx.addIssue({ code: 'custom', message: first.message, params: { code } });
        return;
      }
    });

const budgetBound = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    numberField({
      label,
      min: 0,
      max: MAX_BUDGET,
      messages: { type: 'must be a number', min: 'must not be negative', max: `must be at most ${MAX_BUDGET}` },
    }).optional(),
  );

export const filteredPostsQuery = z
  .object({
    categories: keyList('categories', 20),
    locations: keyList('locations', TOWNS.length).refine(
      (towns) => towns.every((t) => (TOWNS as readonly string[]).includes(t)),
      { message: 'every location must be a town of the list', params: { code: 'INVALID_VALUE' } },
    ),
    minBudget: budgetBound('minBudget'),
    maxBudget: budgetBound('maxBudget'),
    limit: limitField().default(LIMITS.filteredPostsPageSize),
    cursor: userText({ label: 'cursor', max: 1024 }).optional(),
  })
  .refine((q) => q.minBudget === undefined || q.maxBudget === undefined || q.minBudget <= q.maxBudget, {
    message: 'maxBudget must not be below minBudget',
    path: ['maxBudget'],
    params: { code: 'NUMBER_OUT_OF_RANGE' },
  });

export const postIdParams = z.object({ id: idSchema() });
export const userIdParams = z.object({ userId: idSchema('userId') });
