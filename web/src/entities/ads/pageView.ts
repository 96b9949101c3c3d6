/**
 * A page view's id (common/adRuns.ts VIEW_ID_PATTERN), sent with a screen's GET /ads and its clicks, so a refetch or a
 * retried click of the same view counts once. A view is one entry of the browser's history: navigating to a screen
 * that shows Sponsored runs makes a new one, and going Back to an entry finds that entry's view again, so the strip
 * the reader saw there is the one they come back to (its answer is kept per view: ./api/get-ads.ts).
 */
import { useLocation } from 'react-router';

export const newPageViewId = () => crypto.randomUUID().replaceAll('-', '');

/** The views of the latest history entries, by the entry's key; the oldest are forgotten past this many. */
const REMEMBERED_VIEWS = 50;
const viewsByEntry = new Map<string, string>();

function viewOfEntry(entry: string): string {
  let view = viewsByEntry.get(entry);
  if (!view) {
    view = newPageViewId();
    viewsByEntry.set(entry, view);
    if (viewsByEntry.size > REMEMBERED_VIEWS) viewsByEntry.delete(viewsByEntry.keys().next().value as string);
  }
  return view;
}

/** The view of the current history entry (react-router names the entry a page load starts on 'default'). */
export function usePageViewId(): string {
  return viewOfEntry(useLocation().key);
}
