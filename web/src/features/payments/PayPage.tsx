/**
 * The pay step (/pay/:paymentId?_ptxn=<provider transaction>): where the checkout URL the API answered sends the
 * buyer. It opens Paddle's overlay checkout for the transaction with Paddle.js (allowed by this page's CSP alone),
 * the buyer's email filled in; on `npm start` and in the tests the local payment provider serves a stand-in of
 * Paddle.js and its checkout, so the code path is the cloud's. Paddle.js is loaded and initialised once per page:
 * opening the checkout again (Reopen, or the language changed) only updates its event callback (./paddle.ts). The
 * buyer comes back to the result page (/payment/:paymentId), which follows the payment until the provider's
 * webhook says Completed or Refused. No card number is ever typed into this app.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CARD_PAY_PATH, CHECKOUT_TRANSACTION_PARAM, paymentResultPath } from '../../../../common/payments';
import { useAuth } from '../../auth/AuthProvider';
import { getConfig } from '../../lib/config';
import { useLanguage } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { openPaddleCheckout, PADDLE_JS_URL } from './paddle';
import '../../entities/payments/payments.css';

type Step = 'opening' | 'open' | 'closed' | 'error';

/** How long a completed checkout waits for Paddle.js's own redirect before the page goes to the result itself. */
const SUCCESS_REDIRECT_FALLBACK_MS = 2000;

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
  const email = me.email ?? undefined;
  // The checkout's events go to the latest open; an older one's late events are not this page's any more.
  const opened = useRef(0);

  useEffect(() => {
    if (!transactionId) return;
    const payments = getConfig().payments;
    const open = ++opened.current;
    openPaddleCheckout({
      scriptUrl: payments.paddleJsUrl ?? PADDLE_JS_URL,
      token: payments.clientToken ?? '',
      environment: payments.environment ?? 'production',
      transactionId,
      // Paddle's checkout has no Albanian: English for everyone there until it has (the local one speaks both).
      locale: payments.provider === 'local' || language !== 'sq' ? language : 'en',
      ...(email ? { email } : {}),
      successUrl: resultUrl,
      onEvent: (event) => {
        if (open !== opened.current) return;
        if (event.name === 'checkout.loaded') setStep('open');
        if (event.name === 'checkout.closed') setStep('closed');
        if (event.name === 'checkout.error') setStep('error');
        // Paddle.js goes to `successUrl` by itself once the payment completes: a second navigation of ours at the
        // same moment would cut the first short. Only a page still here a moment later is sent on.
        if (event.name === 'checkout.completed')
          window.setTimeout(() => window.location.assign(resultUrl), SUCCESS_REDIRECT_FALLBACK_MS);
      },
    }).catch(() => {
      if (open === opened.current) setStep('error');
    });
  }, [transactionId, language, resultUrl, email, attempt]);

  return (
    <div className="page pay-page">
      <section className="card pay-card" aria-live="polite">
        <h1>{t('payments.pay.title')}</h1>
        {!transactionId ? (
          <p role="alert">{t('payments.pay.noTransaction')}</p>
        ) : step === 'opening' || step === 'open' ? (
          <p data-testid="pay-opening">{t(step === 'open' ? 'payments.pay.open' : 'payments.pay.opening')}</p>
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
                data-testid="pay-reopen"
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
