/** The answers of the moderation routes: the shared types of common/moderation.ts. */
export type { ModerationStats, ReportedItem, WeekCounts as WeeklyCounts } from '../../../../../common/moderation';
