/**
 * GET /moderation/stats?weeks=1..26 (moderators): new requests, offers, accepted offers, finished jobs and
 * reports per ISO week (UTC), newest first, counted by the notifier from the table's stream (one BatchGet).
 */
import { defineHandler } from '../api/http';
import { statsQuery } from '../../common/schemas/moderation';
import { latestWeekStarts, type ModerationStats } from '../../common/moderation';
import { readWeekCounts } from '../data/weekCounts';

export const handler = defineHandler('getModerationStats', {
  query: statsQuery,
  run: async ({ query }): Promise<ModerationStats> => ({
    weeks: await readWeekCounts(latestWeekStarts(query.weeks)),
  }),
});
