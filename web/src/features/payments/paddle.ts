/**
 * Paddle.js (Paddle Billing's checkout in the browser), loaded on the pay step only: its CSP is the only one that
 * allows Paddle's script and frame (infra/constructs/webHosting.ts). The overlay checkout opens for the transaction
 * the API started (`_ptxn`), and sends the buyer to the result page when the payment is made.
 * https://developer.paddle.com/paddlejs/methods/paddle-checkout-open
 */
export const PADDLE_JS_URL = 'https://cdn.paddle.com/paddle/v2/paddle.js';

export interface PaddleEvent {
  name?: string;
}

interface PaddleGlobal {
  Environment: { set(environment: 'sandbox'): void };
  Initialize(options: { token: string; eventCallback?: (event: PaddleEvent) => void }): void;
  Checkout: {
    open(options: {
      transactionId: string;
      settings: { displayMode: 'overlay'; locale: string; successUrl: string; theme?: 'light' };
    }): void;
  };
}

let loading: Promise<PaddleGlobal> | undefined;

function loadScript(): Promise<PaddleGlobal> {
  loading ??= new Promise<PaddleGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PADDLE_JS_URL;
    script.async = true;
    script.onload = () => {
      const paddle = (window as unknown as { Paddle?: PaddleGlobal }).Paddle;
      if (paddle) resolve(paddle);
      else reject(new Error('Paddle.js did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Paddle.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Opens Paddle's overlay checkout for `transactionId`; `onEvent` hears checkout.closed, checkout.completed... */
export async function openPaddleCheckout(opts: {
  token: string;
  environment: 'sandbox' | 'production';
  transactionId: string;
  language: string;
  successUrl: string;
  onEvent: (event: PaddleEvent) => void;
}) {
  const paddle = await loadScript();
  if (opts.environment === 'sandbox') paddle.Environment.set('sandbox');
  paddle.Initialize({ token: opts.token, eventCallback: opts.onEvent });
  paddle.Checkout.open({
    transactionId: opts.transactionId,
    // Paddle's checkout has no Albanian: English for everyone until it does.
    settings: {
      displayMode: 'overlay',
      locale: opts.language === 'sq' ? 'en' : opts.language,
      successUrl: opts.successUrl,
      theme: 'light',
    },
  });
}
