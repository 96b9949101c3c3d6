/**
 * POST /moderation/reports/{id}/decision {action: hide|dismiss|suspend, reason?} (moderators): 200 the entry
 * as decided; 404 unknown; 409 ALREADY_DECIDED; a reason is required to hide or suspend (FIELD_REQUIRED).
 */
import { defineHandler } from '../api/http';
import { decisionBody, reportEntryParams } from '../../common/schemas/moderation';
import { decideReport } from '../domain/decisions';

export const handler = defineHandler('decideReportedItem', {
  params: reportEntryParams,
  body: decisionBody,
  run: async ({ params, body, log }) => {
    const decided = await decideReport(params.id, body, log);
    log.info('A report was decided', { entryId: decided._id, kind: decided.kind, status: decided.status });
    return decided;
  },
});
