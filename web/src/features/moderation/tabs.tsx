/**
 * The sections of /moderation, in the order of its tab bar: each a path under /moderation, its label and
 * its screen. The reports queue (where /moderation opens) comes with the page; the weekly figures load when their
 * tab is opened, inside the page's Suspense boundary. Queues of other features (the verification queue) are handed
 * in by the app (app/router.tsx), as a feature never imports another, and stand between the two.
 */
import { lazy, type ReactNode } from 'react';
import type { MessageId } from '../../i18n/catalog/en';
import { ReportsQueue } from './ReportsQueue';

const WeeklyCounts = lazy(() => import('./WeeklyCounts').then((m) => ({ default: m.WeeklyCounts })));
const PaymentsQueue = lazy(() => import('./PaymentsQueue').then((m) => ({ default: m.PaymentsQueue })));

export interface ModerationTab {
  /** The path under /moderation ('reports' is /moderation/reports). */
  path: string;
  label: MessageId;
  element: ReactNode;
}

const REPORTS_TAB: ModerationTab = { path: 'reports', label: 'moderation.tab.reports', element: <ReportsQueue /> };
const STATS_TAB: ModerationTab = { path: 'stats', label: 'moderation.tab.stats', element: <WeeklyCounts /> };
const PAYMENTS_TAB: ModerationTab = { path: 'payments', label: 'moderation.tab.payments', element: <PaymentsQueue /> };

/** The tab bar: the reports queue, the other features' queues, the weekly figures, the payments to confirm. */
export const moderationTabs = (otherQueues: readonly ModerationTab[]): readonly ModerationTab[] => [
  REPORTS_TAB,
  ...otherQueues,
  STATS_TAB,
  PAYMENTS_TAB,
];
