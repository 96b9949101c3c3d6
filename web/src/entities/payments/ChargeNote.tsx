/**
 * What a business is told before it pays: the amount and currency it will be charged (the stage's charge currency,
 * common/payments.ts: a stage shown in lek is charged in euros, said plainly), where it pays (the provider's secure
 * page, never a card form of ours), and, for test payments, that no real money is taken.
 */
import { getConfig } from '../../lib/config';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import './payments.css';

/** The amount in the currency the provider charges, written for the reader. */
export function useChargeMoney() {
  const format = useFormat();
  const { chargeCurrency } = getConfig().payments;
  return (amount: number) => format.money(amount, amount % 1 ? 2 : 0, chargeCurrency);
}

/** True when payments are test payments (the local provider, or Paddle's sandbox). */
export const isTestPayment = () => {
  const p = getConfig().payments;
  return p.provider === 'local' || p.environment === 'sandbox';
};

export function ChargeNote({ amount }: { amount: number }) {
  const t = useT();
  const money = useChargeMoney();
  const config = getConfig();
  const shown = config.currency ?? config.payments.chargeCurrency;
  const charged = config.payments.chargeCurrency;
  return (
    <div className="charge-note" data-testid="charge-note">
      {shown !== charged && (
        <p data-testid="charge-currency">{t('payments.charge.currency', { shown, charged, amount: money(amount) })}</p>
      )}
      <p className="muted small">{t('payments.charge.where')}</p>
      {isTestPayment() && (
        <p className="charge-note__test" role="note" data-testid="test-payment-label">
          {t('payments.charge.test')}
        </p>
      )}
    </div>
  );
}
