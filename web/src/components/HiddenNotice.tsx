/**
 * What the owner of an item moderation hid sees on it (a request, a business profile, a review): the
 * moderator's reason and since when only they and the moderators see it. The rest of the page works as before.
 */
import type { HiddenMark } from '../../../common/types';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/useT';

/** On Post, Business and FinishedJob answers to their owner (and moderators) when moderation hid the item. */

/** The item's hidden mark, if the answer carries one. */
export const hiddenMark = (item: object | null | undefined): HiddenMark['hidden'] =>
  item && 'hidden' in item ? (item as HiddenMark).hidden : undefined;

export function HiddenNotice({ item, testId = 'hidden-notice' }: { item: object | null | undefined; testId?: string }) {
  const t = useT();
  const { longDate } = useFormat();
  const hidden = hiddenMark(item);
  if (!hidden) return null;
  return (
    <div className="banner banner-warning hidden-notice" role="status" data-testid={testId}>
      <strong>{t('reports.hidden.notice', { reason: hidden.reason })}</strong>{' '}
      <span>{t('reports.hidden.detail', { date: longDate(hidden.at) })}</span>
    </div>
  );
}
