/**
 * Moderation > Payments shows a payment that pays for none of our purchases as "paid, not matched", in both
 * languages, with the purchase it claimed and a Refund action, and what a bank took back of a payment; every row in
 * the reader's language (its state and what was bought from the API's message ids, never its English
 * `description`), with its short id, date and time, and the test mark where it applies.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModerationPayment } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { answer } from '../../testing/server';
import { PaymentsQueue } from './PaymentsQueue';

const payment = (over: Partial<ModerationPayment>): ModerationPayment => ({
  id: 'pay-1',
  date: '2026-11-20T10:00:00Z',
  amount: 20,
  currency: 'EUR',
  status: 'Completed',
  state: 'completed',
  description: 'Sponsored ad',
  summary: { message: 'payments.item.ad', values: {} },
  test: true,
  receipt: true,
  ...over,
});

const list = [
  payment({
    id: 'unmatched_txn_1',
    amount: 5,
    description: 'Paid, not matched to any purchase',
    summary: { message: 'payments.item.unmatched', values: {} },
    unmatched: { reason: 'otherTransaction', claimedPaymentId: 'pay-7' },
  }),
  payment({
    id: 'pay-2',
    clientName: 'Drita Lighting',
    businessId: 'b1',
    status: 'Refunded',
    state: 'refunded',
    refundedAmount: 20,
    chargedBack: 20,
  }),
];

describe('the payments list', () => {
  it.each([
    ['en', 'Paid, not matched', 'names the purchase pay-7', 'Taken back by the bank: €20.00', 'Refund'],
    ['sq', 'E paguar, pa përputhje', 'përmend blerjen pay-7', 'Kthyer nga banka: 20,00 €', 'Rimburso'],
  ] as const)(
    'in %s: paid, not matched, with a Refund; a chargeback shown',
    async (language, chip, claim, back, refund) => {
      answer('/category/all', []);
      answer('/moderation/payments', list);
      renderPage(<PaymentsQueue />, { path: '/', url: '/', language });
      const [unmatched, charged] = await screen.findAllByTestId('payment-entry');
      expect(within(unmatched).getByTestId('payment-unmatched').textContent).toBe(chip);
      expect(unmatched.textContent).toContain(claim);
      expect(within(unmatched).getByRole('button', { name: refund })).toBeTruthy();
      expect(within(charged).queryByTestId('payment-unmatched')).toBeNull();
      expect(
        within(charged)
          .getByTestId('payment-charged-back')
          .textContent?.replace(/\u00a0/g, ' '),
      ).toBe(back);
    },
  );

  it.each([
    [
      'en',
      'Completed',
      'Sponsored run: Decor, Tiranë and Durrës',
      'Test payment',
      'Run cancelled on November 21, 2026, 09:30, before it started: €20.00 refunded.',
    ],
    [
      'sq',
      'E kryer',
      'Fushatë e sponsorizuar: Dekor, Tiranë dhe Durrës',
      'Pagesë prove',
      'Fushata u anulua më 21 nëntor 2026, ora 09:30, para se të nisej: u rimbursuan 20,00 €.',
    ],
  ] as const)(
    'in %s: each row in the reader’s words, with its short id, time and test mark',
    async (language, status, item, test, stop) => {
      const at = (iso: string) => new Date(iso).toISOString();
      answer('/moderation/payments', [
        payment({
          id: '0b7c2f1e-4d2a-4c11-9e55-aa10c0ffee42',
          clientName: 'Drita Lighting',
          businessId: 'b1',
          description: 'Sponsored run: Decor, Tiranë, Durrës',
          summary: { message: 'payments.item.adRun', values: { service: 'decor', towns: ['Tiranë', 'Durrës'] } },
          date: at('2026-11-20T14:05:00'),
          runStop: { kind: 'cancel', daysLeft: 7, refund: 20, at: at('2026-11-21T09:30:00') },
          refund: {
            status: 'approved',
            reason: 'The business cancelled its run before it started',
            amount: 20,
            runStop: 'cancel',
          },
        }),
        payment({ id: 'pay-3', test: false, summary: { message: 'payments.item.plan', values: { plan: 'premium' } } }),
      ]);
      renderPage(<PaymentsQueue />, { path: '/', url: '/', language });
      const [run, plan] = await screen.findAllByTestId('payment-entry');
      expect(within(run).getByTestId('payment-status').textContent).toBe(status);
      expect(within(run).getByTestId('payment-item').textContent).toBe(item);
      expect(within(run).getByTestId('payment-test').textContent).toBe(test);
      expect(within(run).getByTestId('payment-id').textContent).toBe('c0ffee42');
      expect(within(run).getByTestId('payment-id').getAttribute('title')).toContain(
        '0b7c2f1e-4d2a-4c11-9e55-aa10c0ffee42',
      );
      expect(within(run).getByTestId('payment-date').textContent).toContain('14:05');
      expect(
        within(run)
          .getByTestId('payment-run-stop')
          .textContent?.replace(/\u00a0/g, ' '),
      ).toBe(stop);
      // The English reason kept for the API is not shown: the row says what happened in the reader's words.
      expect(run.textContent).not.toContain('The business cancelled');
      expect(run.textContent).not.toContain('Sponsored run: Decor, Tiranë, Durrës');
      expect(within(plan).queryByTestId('payment-test')).toBeNull();
      expect(within(plan).getByTestId('payment-item').textContent).toBe(
        language === 'en' ? 'Premium plan, first month' : 'Paketa Premium, muaji i parë',
      );
    },
  );
});
