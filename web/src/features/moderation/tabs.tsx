/**
 * The sections of /moderation, in the order of its tab bar: each a path under /moderation, its label and
 * its screen. Another section (a queue of another feature) is one more entry here. The first (the reports
 * queue, where /moderation opens) comes with the page; the others load when their tab is opened, inside the
 * page's Suspense boundary.
 */
import { lazy, type ReactNode } from 'react';
import type { MessageId } from '../../i18n/catalog/en';
import { ReportsQueue } from './ReportsQueue';

const VerificationQueue = lazy(() => import('../verification').then((m) => ({ default: m.VerificationQueue })));
const WeeklyCounts = lazy(() => import('./WeeklyCounts').then((m) => ({ default: m.WeeklyCounts })));
const PaymentsQueue = lazy(() => import('./PaymentsQueue').then((m) => ({ default: m.PaymentsQueue })));

export interface ModerationTab {
  /** The path under /moderation ('reports' is /moderation/reports). */
  path: string;
  label: MessageId;
  element: ReactNode;
}

export const MODERATION_TABS: readonly ModerationTab[] = [
  { path: 'reports', label: 'moderation.tab.reports', element: <ReportsQueue /> },
  { path: 'verifications', label: 'moderation.tab.verifications', element: <VerificationQueue /> },
  { path: 'stats', label: 'moderation.tab.stats', element: <WeeklyCounts /> },
  { path: 'payments', label: 'moderation.tab.payments', element: <PaymentsQueue /> },
];
