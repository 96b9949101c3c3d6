/**
 * The question a business answers before it cancels, stops or deletes one of its runs: what happens to the days
 * left and to the money, by the refund rule (common/adRuns.ts runStopTerms; its words `ads.stop.rule`, the same the
 * API answers), then POST /ad/{id}/stop (a run paid and not over) or DELETE /ad/{id} (an ended or unpaid one). What
 * happened is said by `onDone`, in the words of the answer's terms.
 */
import { useState } from 'react';
import type { Ad } from '../../../../common/types';
import { AD_RUN_DAYS, runStopTerms, type RunStopTerms } from '../../../../common/adRuns';
import { Modal } from '../../components/Modal';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useDeleteAd } from './api/delete-ad';
import { useStopAd } from './api/stop-ad';

/** What the business may do with a run: cancel it (paid, not started), stop it (live), or delete it (any other). */
export type RunAction = 'cancel' | 'stop' | 'delete';
export const runActionOf = (ad: Pick<Ad, 'state'>): RunAction =>
  ad.state === 'scheduled' ? 'cancel' : ad.state === 'live' ? 'stop' : 'delete';

/** What was done, as the business reads it afterwards ("The run was stopped with 4 whole days left: €11.42 ..."). */
export function useRunStopDone() {
  const t = useT();
  const format = useFormat();
  return (stop: RunStopTerms, currency: string | undefined) => {
    const amount = format.money(stop.refund, 2, currency);
    if (stop.refund <= 0) return t('ads.stop.done.nothing');
    return stop.kind === 'cancel'
      ? t('ads.stop.done.cancel', { amount })
      : t('ads.stop.done.stop', { days: stop.daysLeft, amount });
  };
}

export function RunStopDialog({
  ad,
  onClose,
  onDone,
}: {
  ad: Ad;
  onClose: () => void;
  /** After the change: what happened, in words (nothing to say for a plain delete). */
  onDone: (said: string | undefined) => void;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const done = useRunStopDone();
  const stop = useStopAd();
  const remove = useDeleteAd();
  const [error, setError] = useState<string | null>(null);
  const action = runActionOf(ad);
  const working = stop.isPending || remove.isPending;
  const terms = runStopTerms(ad, new Date().toISOString());
  const amount = format.money(terms?.refund ?? 0, 2, ad.currency);

  let what: string;
  if (action === 'delete')
    what = t(ad.state === 'awaiting_payment' ? 'ads.stop.what.deleteUnpaid' : 'ads.stop.what.delete');
  else if (ad.includedMonth) what = t('ads.stop.what.included');
  else if (action === 'cancel') what = t('ads.stop.what.cancel', { amount });
  else if (!terms || terms.refund <= 0) what = t('ads.stop.what.stopNothing');
  else what = t('ads.stop.what.stop', { days: terms.daysLeft, amount });

  async function confirm() {
    setError(null);
    try {
      if (action === 'delete') {
        await remove.mutateAsync(ad._id);
        onDone(undefined);
      } else {
        const answer = await stop.mutateAsync(ad._id);
        onDone(done(answer.stop, answer.currency ?? ad.currency));
      }
    } catch (err) {
      setError(t('ads.stop.failed', { reason: errorText(err) }));
    }
  }

  return (
    <Modal open title={t(`ads.stop.title.${action}`)} onClose={() => !working && onClose()} testId="run-stop-dialog">
      <p data-testid="run-stop-what">{what}</p>
      {action !== 'delete' && (
        <p className="small muted" data-testid="run-stop-rule">
          {t('ads.stop.rule', { days: AD_RUN_DAYS })}
        </p>
      )}
      {error && (
        <p className="banner banner-error" role="alert" data-testid="run-stop-error">
          {error}
        </p>
      )}
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={working}>
          {t('ads.stop.keep')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => void confirm()}
          disabled={working}
          data-testid="run-stop-confirm"
        >
          {working ? t('ads.stop.working') : t(`ads.stop.confirm.${action}`)}
        </button>
      </div>
    </Modal>
  );
}
