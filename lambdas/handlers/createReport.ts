/**
 * POST /report {kind, targetId, reason, note?}: a signed-in user reports a request, a business profile or a
 * review (finished job id), once per item. 201 {_id, kind, targetId, createdAt}; 404 no such item (or one the
 * caller cannot see); 400 OWN_ITEM; 409 ALREADY_REPORTED. The report joins the item's moderation queue entry.
 */
import { defineHandler, reply } from '../api/http';
import { createReportBody } from '../../common/schemas/moderation';
import { loadReportTarget, submitReport } from '../domain/reports';

export const handler = defineHandler('createReport', {
  body: createReportBody,
  run: async ({ caller, body }) => {
    const target = await loadReportTarget(body.kind, body.targetId, caller);
    return reply(201, await submitReport(target, caller, { reason: body.reason, note: body.note || undefined }));
  },
});
