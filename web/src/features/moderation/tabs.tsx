/**
 * The sections of /moderation, in the order of its tab bar: each a path under /moderation, its label and
 * its screen. Another section (a queue of another feature) is one more entry here.
 */
import type { ReactNode } from 'react';
import type { MessageId } from '../../i18n/catalog/en';
import { VerificationQueue } from '../verification';
import { ReportsQueue } from './ReportsQueue';
import { WeeklyCounts } from './WeeklyCounts';

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
];
