/**
 * /moderation/stats: new requests, offers, accepted and finished jobs and reports in each of the last 8
 * weeks (Monday to Sunday, UTC), newest first, as a table that scrolls sideways on a narrow phone.
 */
import { useIntl } from '../../i18n/intl';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { STATS_WEEKS, useModerationStats } from './api/get-stats';
import type { WeeklyCounts as Week } from './api/types';

const COLUMNS: { key: Exclude<keyof Week, 'weekStart'>; label: MessageId }[] = [
  { key: 'requests', label: 'moderation.stats.requests' },
  { key: 'offers', label: 'moderation.stats.offers' },
  { key: 'accepted', label: 'moderation.stats.accepted' },
  { key: 'finished', label: 'moderation.stats.finished' },
  { key: 'reports', label: 'moderation.stats.reports' },
];

export function WeeklyCounts() {
  const t = useT();
  const intl = useIntl();
  const { number } = useFormat();
  const query = useModerationStats(STATS_WEEKS);
  const weeks = query.data?.weeks ?? [];
  // A week starts on a Monday (UTC): shown as that day, whatever the reader's time zone.
  const weekOf = (day: string) =>
    intl.formatDate(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

  let body;
  if (query.isPending) body = <PageLoading label={t('moderation.stats.loading')} />;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (weeks.length === 0)
    body = (
      <p className="empty-state" data-testid="stats-empty">
        {t('moderation.stats.empty')}
      </p>
    );
  else
    body = (
      <div className="mod-table-wrap">
        <table className="mod-table" data-testid="stats-table">
          <caption>{t('moderation.stats.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('moderation.stats.week')}</th>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col">
                  {t(column.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">
                  <time dateTime={week.weekStart}>{weekOf(week.weekStart)}</time>
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.key} data-label={t(column.label)}>
                    {number(week[column.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="mod-stats" aria-labelledby="mod-stats-title">
      <h2 id="mod-stats-title">{t('moderation.stats.title', { weeks: STATS_WEEKS })}</h2>
      {body}
    </section>
  );
}
