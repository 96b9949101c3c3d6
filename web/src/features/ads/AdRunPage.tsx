/**
 * One Sponsored run of the business's (/ads/:adId): its state, service, towns and dates, its figures in total and per
 * day (impressions, clicks, profile views and chats started within 7 days of a click), "Run it again" (the Create
 * ad flow filled with this run's picture and targeting), and cancelling or stopping it (after the question that says
 * what happens to the days left and the money). Only the run's business reaches it (others: the API's 403).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AD_FIGURES, runAgainPath } from '../../../../common/adRuns';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/Spinner';
import { SafeImage } from '../../components/SafeImage';
import { POST_PLACEHOLDER } from '../../lib/images';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useAdRun } from '../../entities/ads/api/get-ad-run';
import { RunState, RunStopDialog, RunStopNote, RunTargeting } from '../../entities/ads';
import './ads.css';

export default function AdRunPage() {
  const t = useT();
  const format = useFormat();
  usePageTitle('ads.run.title');
  const { adId } = useParams();
  const query = useAdRun(adId);
  const run = query.data;
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  return (
    <div className="page ad-run-page" data-testid="ad-run-page">
      <div className="page-header">
        <h1>{t('ads.run.title')}</h1>
        {run && (
          <Link to={`/businessprofile/${run.businessId}?tab=ads`} className="btn btn-secondary">
            {t('ads.run.back')}
          </Link>
        )}
      </div>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError || !run ? (
        <LoadError message={t('ads.run.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section className="card ad-run-head">
            <SafeImage src={run.image} fallback={POST_PLACEHOLDER} alt="" width={320} height={180} sizes="320px" />
            <div className="ad-run-about">
              <RunState ad={run} />
              <RunTargeting ad={run} />
              <RunStopNote ad={run} />
              {said && (
                <p className="banner banner-success" role="status" data-testid="run-stop-done">
                  {said}
                </p>
              )}
              {run.state === 'ended' && (
                <Link to={runAgainPath(run._id)} className="btn btn-primary" data-testid="run-again">
                  {t('ads.run.again')}
                </Link>
              )}
              {(run.state === 'scheduled' || run.state === 'live') && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => {
                    setSaid(null);
                    setAsking(true);
                  }}
                  data-testid={`run-${run.state === 'scheduled' ? 'cancel' : 'stop'}`}
                >
                  {t(run.state === 'scheduled' ? 'ads.stop.cancel' : 'ads.stop.stop')}
                </button>
              )}
              {asking && (
                <RunStopDialog
                  ad={run}
                  onClose={() => setAsking(false)}
                  onDone={(text) => {
                    setAsking(false);
                    setSaid(text ?? null);
                  }}
                />
              )}
            </div>
          </section>
          <dl className="ad-run-totals" data-testid="run-totals">
            {AD_FIGURES.map((f) => (
              <div key={f} className="card ad-run-total">
                <dt>{t(`ads.figures.${f}`)}</dt>
                <dd>{format.number(run.figures?.[f] ?? 0)}</dd>
              </div>
            ))}
          </dl>
          <p className="small muted">{t('ads.run.attribution')}</p>
          <section className="card ad-run-days">
            <h2>{t('ads.run.days')}</h2>
            {run.days.length === 0 ? (
              <p className="empty-state">{t('ads.run.noDays')}</p>
            ) : (
              <div className="ad-run-table-wrap">
                <table className="ad-run-table" data-testid="run-days">
                  <thead>
                    <tr>
                      <th scope="col">{t('ads.run.day')}</th>
                      {AD_FIGURES.map((f) => (
                        <th key={f} scope="col">
                          {t(`ads.figures.${f}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {[...run.days].reverse().map((d) => (
                      <tr key={d.day}>
                        <th scope="row">{format.longDate(`${d.day}T12:00:00Z`)}</th>
                        {AD_FIGURES.map((f) => (
                          <td key={f}>{format.number(d[f])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
