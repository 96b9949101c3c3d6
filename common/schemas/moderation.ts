/** Request schemas of reports and moderation: POST /report and a moderator's decision on a reported item. */
import * as z from 'zod';
import type { ErrorCode } from '../errors';
import { MODERATION_ACTIONS, MODERATION_REASON_MAX, REPORT_NOTE_MAX, REPORT_REASONS } from '../moderation';
import { idSchema, userText } from './fields';

/** What POST /report takes a report about (chat messages keep their own route). */
export const REPORTABLE_KINDS = ['post', 'business', 'review'] as const;

/** A reporter's optional note, at most REPORT_NOTE_MAX characters (an empty note is no note). */
export const reportNote = userText({ label: 'note', max: REPORT_NOTE_MAX, min: 0, multiline: true }).optional();

/** Why: one of REPORT_REASONS. */
export const reportReason = z.enum(REPORT_REASONS, { error: 'reason must be one of the report reasons' });

/**
 * POST /report: a request (post _id), a business profile (business _id) or a review (finished job _id),
 * with a reason and an optional note.
 */
export const createReportBody = z.object({
  kind: z.enum(REPORTABLE_KINDS, { error: 'kind must be post, business or review' }),
  targetId: idSchema('targetId'),
  reason: reportReason,
  note: reportNote,
});

/** POST /moderation/reports/{id}/decision: hide, dismiss or suspend; a reason is required to hide or suspend. */
export const reportDecisionBody = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: 'action must be hide, dismiss or suspend' }),
    reason: userText({ label: 'reason', max: MODERATION_REASON_MAX, min: 0, multiline: true }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'dismiss' && !body.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `A reason is required to ${body.action}`,
        params: { code: 'FIELD_REQUIRED' satisfies ErrorCode },
      });
    }
  });
