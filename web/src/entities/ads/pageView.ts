/**
 * A page view's id (common/adRuns.ts VIEW_ID_PATTERN): made once per mount of a screen that shows Sponsored runs, sent
 * with its GET /ads and its clicks, so a refetch or a retried click of the same view counts once.
 */
import { useState } from 'react';

export const newPageViewId = () => crypto.randomUUID().replaceAll('-', '');

export function usePageViewId(): string {
  const [view] = useState(newPageViewId);
  return view;
}
