/**
 * Why a card was refused, worded for the buyer: every payment-attempt code Paddle documents (and ours) has its own
 * message in Albanian and in English, shown on the result page and in Transactions; any other code reads as a
 * plain refusal.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_CODES } from '../../../../common/payments';
import { en } from '../../i18n/catalog/en';
import { sq } from '../../i18n/catalog/sq';
import { useT } from '../../i18n/useT';
import { renderInLanguage } from '../../testing/render';
import { failureMessage } from './paymentTexts';

function Refused({ code }: { code: string }) {
  const t = useT();
  return <p data-testid="why">{t(failureMessage({ failure: { code, message: '' } }))}</p>;
}

describe('why a payment was refused', () => {
  it.each(PAYMENT_FAILURE_CODES)('%s has its own words in both languages', (code) => {
    const id = failureMessage({ failure: { code, message: '' } });
    expect(id).toBe(`payments.failure.${code}`);
    for (const catalog of [en, sq]) {
      expect(catalog[id].trim()).not.toBe('');
      expect(catalog[id]).not.toBe(catalog['payments.failure.other']);
    }
    expect(sq[id]).not.toBe(en[id]);
  });

  it('walks Paddle\u2019s list on the screen in Albanian and English, and words an unknown code plainly', async () => {
    for (const language of ['sq', 'en'] as const) {
      const catalog = language === 'sq' ? sq : en;
      for (const code of PAYMENT_FAILURE_CODES) {
        const { unmount } = renderInLanguage(<Refused code={code} />, language);
        expect((await screen.findByTestId('why')).textContent).toBe(catalog[`payments.failure.${code}`]);
        unmount();
      }
      const { unmount } = renderInLanguage(<Refused code="insufficient_funds" />, language);
      expect((await screen.findByTestId('why')).textContent).toBe(catalog['payments.failure.other']);
      unmount();
    }
  });

  it('names the codes Paddle sends for a card without money, a blocked card and fraud', () => {
    for (const code of ['not_enough_balance', 'blocked_card', 'fraud'])
      expect(PAYMENT_FAILURE_CODES).toContain(code as (typeof PAYMENT_FAILURE_CODES)[number]);
  });
});
