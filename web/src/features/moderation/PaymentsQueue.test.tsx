/**
 * Moderation > Payments shows a payment that pays for none of our purchases as "paid, not matched", in both
 * languages, with the purchase it claimed and a Refund action, and what a bank took back of a payment.
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
  test: true,
  receipt: true,
  ...over,
});

const list = [
  payment({
    id: 'unmatched_txn_1',
    amount: 5,
    description: 'Paid, not matched to any purchase',
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
});
