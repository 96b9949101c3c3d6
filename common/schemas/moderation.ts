/** Request schemas of reports and moderation: POST /report, the chat message report, and the /moderation routes. */
import * as z from 'zod';
import type { ErrorCode } from '../errors';
import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  REPORT_NOTE_MAX,
  STATS_WEEKS_DEFAULT,
  STATS_WEEKS_MAX,
} from '../moderation';
import { REPORT_REASONS, REPORT_STATUSES } from '../constants';
import { idSchema, keyText, numberField, userText } from './fields';
import { pageQuery } from './paging';

export const reportReasonSchema = z.enum(REPORT_REASONS, {
  error: `reason must be one of ${REPORT_REASONS.join(', ')}`,
});

const noteField = () => userText({ label: 'note', max: REPORT_NOTE_MAX, min: 0, multiline: true }).optional();

/** POST /report: a request, a business profile, a review (finished job id) or an idea (a tagged picture). */
export const createReportBody = z.object({
  kind: z.enum(['post', 'business', 'review', 'idea'], { error: 'kind must be one of post, business, review, idea' }),
  targetId: idSchema('targetId'),
  reason: reportReasonSchema,
  note: noteField(),
});

/** POST /chat/rooms/{roomId}/messages/{messageId}/report: a reason from the list (default 'other') and an optional note. */
export const chatReportBody = z.object({
  reason: reportReasonSchema.optional(),
  note: noteField(),
});

/** GET /moderation/reports?status=&limit=&cursor= */
export const reportsQuery = z.object({
  status: z.enum(REPORT_STATUSES, { error: `status must be one of ${REPORT_STATUSES.join(', ')}` }).default('open'),
  ...pageQuery,
});

/** Path of POST /moderation/reports/{id}/decision. */
export const reportEntryParams = z.object({ id: keyText('id', 64) });

/** POST /moderation/reports/{id}/decision: hide, dismiss or suspend; a reason for hide and suspend. */
export const decisionBody = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: `action must be one of ${MODERATION_ACTIONS.join(', ')}` }),
    reason: userText({ label: 'reason', max: MODERATION_REASON_MAX, min: 0, multiline: true }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action !== 'dismiss' && !b.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give a reason: the owner sees it',
        params: { code: 'FIELD_REQUIRED' satisfies ErrorCode },
      });
    }
  });

/** GET /moderation/stats?weeks=1..26 (default 8). */
export const statsQuery = z.object({
  weeks: numberField({ label: 'weeks', int: true, min: 1, max: STATS_WEEKS_MAX }).default(STATS_WEEKS_DEFAULT),
});
