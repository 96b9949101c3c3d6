/**
 * The pay step (/pay/:paymentId?_ptxn=<provider transaction>): where the checkout URL the API answered sends the
 * buyer. In the cloud it opens Paddle's overlay checkout for the transaction (Paddle.js, allowed by this page's CSP
 * alone); on `npm start` and in the tests it hands over to the local payment provider's checkout page, in the
 * reader's language. Either way the buyer comes back to the result page (/payment/:paymentId), which follows the
 * payment until the provider's webhook says Completed or Refused. No card number is ever typed into this app.
 */
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CARD_PAY_PATH, CHECKOUT_TRANSACTION_PARAM, paymentResultPath } from '../../../../common/payments';
import { useAuth } from '../../auth/AuthProvider';
import { getConfig } from '../../lib/config';
import { useLanguage } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { openPaddleCheckout } from './paddle';
import '../../entities/payments/payments.css';

type Step = 'opening' | 'closed' | 'error';

export default function PayPage() {
  const t = useT();
  usePageTitle('payments.pay.title');
  const { language } = useLanguage();
  const { paymentId = '' } = useParams();
  const [params] = useSearchParams();
  const transactionId = params.get(CHECKOUT_TRANSACTION_PARAM);
  const [step, setStep] = useState<Step>('opening');
  const [attempt, setAttempt] = useState(0);
  const me = useAuth();
  // A subscription's new card (CARD_PAY_PATH) has no payment of its own to follow: back to Plan and billing.
  const isCard = `/pay/${paymentId}` === CARD_PAY_PATH;
  const resultPath = isCard ? `/settings/${me.account?.id ?? ''}/plan` : paymentResultPath(paymentId);
  const resultUrl = `${window.location.origin}${resultPath}`;

  useEffect(() => {
    if (!transactionId) return;
    const payments = getConfig().payments;
    if (payments.provider === 'local') {
      const url = new URL(`${payments.localProviderUrl}/checkout/${encodeURIComponent(transactionId)}`);
      url.searchParams.set('lang', language);
      url.searchParams.set('return', resultUrl);
      window.location.replace(url.toString());
      return;
    }
    openPaddleCheckout({
      token: payments.clientToken ?? '',
      environment: payments.environment ?? 'production',
      transactionId,
      language,
      successUrl: resultUrl,
      onEvent: (event) => {
        if (event.name === 'checkout.closed') setStep('closed');
        if (event.name === 'checkout.completed') window.location.assign(resultUrl);
      },
    }).catch(() => setStep('error'));
  }, [transactionId, language, resultUrl, attempt]);

  return (
    <div className="page pay-page">
      <section className="card pay-card" aria-live="polite">
        <h1>{t('payments.pay.title')}</h1>
        {!transactionId ? (
          <p role="alert">{t('payments.pay.noTransaction')}</p>
        ) : step === 'opening' ? (
          <p data-testid="pay-opening">{t('payments.pay.opening')}</p>
        ) : (
          <>
            <p role="alert">{t(step === 'closed' ? 'payments.pay.closed' : 'payments.pay.loadError')}</p>
            <div className="pay-actions">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setStep('opening');
                  setAttempt((n) => n + 1);
                }}
              >
                {t('payments.pay.reopen')}
              </button>
              <Link to={resultPath} className="btn btn-secondary">
                {t('payments.result.title')}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
