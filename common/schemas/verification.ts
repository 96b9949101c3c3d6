/**
 * Request schemas of verified businesses: POST /business/verification, the moderation queue and
 * the moderator's decision. Shared by the Lambdas and the web forms.
 */
import * as z from 'zod';
import { MODERATION_REASON_MAX } from '../moderation';
import type { ErrorCode } from '../errors';
import { idSchema, imageRefSchema, userText, type ImageSchema } from './fields';
import { pageQuery } from './paging';

/** An Albanian tax id (NIPT): a letter, 8 digits, a letter (e.g. L21718020A), as stored: upper case. */
export const NIPT_PATTERN = /^[A-Z]\d{8}[A-Z]$/;

/** A NIPT as typed: trimmed and upper-cased, then checked for form (INVALID_NIPT). */
export const niptSchema = z
  .string({
    error: (iss) => (iss.input === undefined || iss.input === null ? 'nipt is required' : 'nipt must be text'),
  })
  .trim()
  .min(1, 'nipt is required')
  .transform((v) => v.toUpperCase())
  .refine((v) => NIPT_PATTERN.test(v), {
    message: 'nipt must be a letter, 8 digits and a letter (e.g. L21718020A)',
    params: { code: 'INVALID_NIPT' satisfies ErrorCode },
  });

/** POST /business/verification: the NIPT and the picture of a document that shows it (an upload key). */
export const verificationRequestBody = (document: ImageSchema = imageRefSchema) =>
  z.object({
    nipt: niptSchema,
    document,
  });

/** GET /moderation/verifications: the pending queue, oldest first, paged. */
export const verificationQueueQuery = z.object(pageQuery);

export const verificationDecisionParams = z.object({ businessId: idSchema('businessId') });

/** POST /moderation/verifications/{businessId}/decision: approve, or refuse with a reason. */
export const verificationDecisionBody = z
  .object({
    approve: z.boolean({ error: 'approve must be true or false' }),
    reason: userText({ label: 'reason', max: MODERATION_REASON_MAX, min: 0, multiline: true }).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.approve && !b.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'reason is required to refuse',
        params: { code: 'FIELD_REQUIRED' satisfies ErrorCode },
      });
  });
