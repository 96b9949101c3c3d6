/**
 * A business cancels one of its Sponsored runs before its first day, or stops a live one (POST /ad/{id}/stop, and
 * DELETE /ad/{id} of a run that is paid and not over), with the refund rule applied (common/adRuns.ts
 * runStopTerms; its words: ./runStopTexts.ts):
 *
 * 1. the run and its payment's refund are claimed together, in one transaction (the run must be scheduled or live
 *    and not being stopped already; the payment must have no refund under way), so a double click, two devices or
 *    a moderator's refund at the same moment change it once;
 * 2. the refund is asked of the payment provider through the payment port, and its answer applied like any news of
 *    that adjustment (lambdas/domain/payments.ts applyAdjustment: counted once by its id, the payment Refunded when
 *    the provider approves it); when the provider refuses or cannot be reached, both claims are given back and
 *    nothing changed;
 * 3. the run ends (`canceled` or `stopped`, off every strip) and its payment's row records what happened
 *    (`runStop`), in one transaction.
 *
 * A plan's included run, or a live one with less than a whole day left, refunds nothing: steps 1 and 3 only.
 */
import { randomUUID } from 'node:crypto';
import { runStopTerms, type RunStopTerms } from '../../common/adRuns';
import { changeRun, getAd, releaseStopClaim, stopClaimItem, stopRunItems } from '../data/ads';
import { getTransaction, refundClaimItem, releaseRefundRequest, runStopItem } from '../data/transactions';
import { type StoredTransaction } from '../model/payments';
import { transact, TransactionRefused, type TransactItem } from '../data/transact';
import { conflict, serviceUnavailable } from '../lib/errors';
import { nowIso } from '../lib/clock';
import type { Logger } from '../lib/log';
import { PaymentProviderError } from '../payments/port';
import { paymentProvider } from '../payments/provider';
import { applyAdjustment } from './payments';
import { runStopReason } from './runStopTexts';
import type { StoredAd } from '../model/ads';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What is left of a run's payment to refund: nothing for an included run or a payment not completed. */
function leftToRefund(payment: StoredTransaction | undefined): number {
  if (!payment || !payment.providerTransactionId) return 0;
  const state = payment.state;
  if (state !== 'completed' && state !== 'refunded') return 0;
  return Math.max(0, round2(payment.amount - (payment.refundedAmount ?? 0)));
}

export interface RunStopped {
  ad: StoredAd;
  terms: RunStopTerms;
  currency: string;
}

/**
 * Cancels (scheduled) or stops (live) the business's run `ad` (already checked to be the caller's), with the refund
 * rule applied. 409 AD_RUN_NOT_ACTIVE for a run that is not scheduled or live, AD_RUN_STOPPING while another stop
 * of it is under way, REFUND_IN_PROGRESS while a refund of its payment waits for the provider.
 */
export async function stopRun(ad: StoredAd, by: { sub: string }, log: Logger): Promise<RunStopped> {
  if (ad.state !== 'scheduled' && ad.state !== 'live')
    throw conflict('Only a run that is paid and not over can be cancelled or stopped', 'AD_RUN_NOT_ACTIVE');
  const now = nowIso();
  const payment = ad.includedMonth ? undefined : await getTransaction(ad.transactionId);
  const left = leftToRefund(payment);
  const terms = runStopTerms(ad, now, left)!;
  const currency = payment?.currency ?? ad.currency ?? 'EUR';
  // The payment a refund is asked of (none when the rule refunds nothing).
  const refunded = terms.refund > 0 && payment?.providerTransactionId ? payment : undefined;
  const claim = { id: randomUUID(), at: now };

  const claims: TransactItem[] = [stopClaimItem(ad, claim)];
  if (refunded)
    claims.push(
      refundClaimItem(refunded.id, {
        status: 'requesting',
        reason: runStopReason(terms),
        amount: terms.refund,
        requestedAt: now,
        requestedBy: by.sub,
        runStop: terms.kind,
      }),
    );
  try {
    await transact(claims);
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) {
      const current = await getAd(ad._id, { consistent: true });
      if (current?.state === 'scheduled' || current?.state === 'live')
        throw conflict('This run is being cancelled or stopped already', 'AD_RUN_STOPPING');
      throw conflict('Only a run that is paid and not over can be cancelled or stopped', 'AD_RUN_NOT_ACTIVE');
    }
    if (err.conditionFailed(1))
      throw conflict(
        'A refund of this run’s payment is already waiting for the payment provider',
        'REFUND_IN_PROGRESS',
      );
    throw err;
  }

  if (refunded) {
    let adjustment;
    try {
      const provider = await paymentProvider();
      adjustment = await provider.refund({
        transactionId: refunded.providerTransactionId!,
        reason: runStopReason(terms),
        ...(terms.refund < left ? { amount: terms.refund } : {}),
        fullAmount: left,
      });
    } catch (err) {
      // Nothing was refunded: the run and its payment are as they were.
      await releaseRefundRequest(refunded.id).catch(() => undefined);
      await releaseStopClaim(ad._id, claim.id).catch(() => undefined);
      log.warn('The refund of a run its business stopped could not be asked for', {
        adId: ad._id,
        paymentId: refunded.id,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
      if (err instanceof PaymentProviderError)
        throw conflict(`The payment provider refused the refund: ${err.message}`, 'REFUND_REFUSED');
      throw serviceUnavailable(
        60,
        'The payment provider could not be reached. The run was not changed; please try again later.',
      );
    }
    // Asked: from here on the run ends whatever comes (the reconciliation applies an adjustment this write missed:
    // a refund still `requesting` is among those it looks up).
    await applyAdjustment(adjustment, { answersRequest: true }).catch((err: unknown) =>
      log.warn('The refund of a stopped run was asked for; its answer is left to the reconciliation', {
        adId: ad._id,
        adjustmentId: adjustment.id,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      }),
    );
  }

  const reason = terms.kind === 'cancel' ? 'canceled' : 'stopped';
  const stop = { ...terms, at: now };
  // The run as it is now: a whole refund approved at once has ended it already (reason `refunded`).
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = (await getAd(ad._id, { consistent: true })) ?? ad;
    const items = [...stopRunItems(current, reason, now, stop), ...(payment ? [runStopItem(payment.id, stop)] : [])];
    if (await changeRun(items)) {
      log.info('A run was stopped by its business', { adId: ad._id, kind: terms.kind, refund: terms.refund });
      return { ad: (await getAd(ad._id, { consistent: true })) ?? current, terms, currency };
    }
  }
  throw conflict('The run kept changing while it was being stopped: look again in a moment', 'AD_RUN_STOPPING');
}
