/** Query keys of the moderation screens (the reports queue per status, the weekly counts). */
import type { ReportStatus } from '../../../../../common/constants';

export const moderationKeys = {
  all: ['moderation'] as const,
  reports: () => ['moderation', 'reports'] as const,
  reportList: (status: ReportStatus) => ['moderation', 'reports', status] as const,
  stats: (weeks: number) => ['moderation', 'stats', weeks] as const,
  payments: () => ['moderation', 'payments'] as const,
};
