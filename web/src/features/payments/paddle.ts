/**
 * Paddle.js (Paddle Billing's checkout in the browser), loaded on the pay step only: its CSP is the only one that
 * allows Paddle's script and frame (infra/constructs/webHosting.ts). On `npm start` and in the tests the local
 * payment provider serves a stand-in of it (bin/local/paddleJs.ts, `payments.paddleJsUrl` of config.json), so this
 * code is the cloud's everywhere.
 *
 * The script is loaded once per page and initialised once: Paddle.js refuses a second `Paddle.Initialize`
 * (https://developer.paddle.com/paddle-js/methods/paddle-initialize), so a checkout opened again (Reopen, another
 * language) finds `Paddle.Initialized` and hands its new event callback over with `Paddle.Update`
 * (https://developer.paddle.com/paddle-js/methods/paddle-update). The overlay checkout opens for the transaction the
 * API started (`_ptxn`), with the buyer's email filled in
 * (https://developer.paddle.com/paddle-js/methods/paddle-checkout-open).
 */
export const PADDLE_JS_URL = 'https://cdn.paddle.com/paddle/v2/paddle.js';

/** An event Paddle.js sends the page (checkout.loaded, checkout.completed, checkout.closed, checkout.error...). */
export interface PaddleEvent {
  name?: string;
  data?: { transaction_id?: string; status?: string };
  error?: { type?: string; code?: string; detail?: string };
}

interface PaddleGlobal {
  Initialized: boolean;
  Environment: { set(environment: 'sandbox'): void };
  Initialize(options: { token: string; eventCallback?: (event: PaddleEvent) => void }): void;
  Update(options: { eventCallback?: (event: PaddleEvent) => void }): void;
  Checkout: {
    open(options: {
      transactionId: string;
      customer?: { email: string };
      settings: { displayMode: 'overlay'; locale: string; successUrl: string; theme?: 'light' };
    }): void;
  };
}

const loading = new Map<string, Promise<PaddleGlobal>>();

/** The script at `url`, added to the page once (a failed load may be tried again). */
function loadScript(url: string): Promise<PaddleGlobal> {
  let found = loading.get(url);
  if (!found) {
    found = new Promise<PaddleGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const paddle = (window as unknown as { Paddle?: PaddleGlobal }).Paddle;
        if (paddle) resolve(paddle);
        else reject(new Error('Paddle.js did not load'));
      };
      script.onerror = () => {
        loading.delete(url);
        script.remove();
        reject(new Error('Paddle.js could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading.set(url, found);
  }
  return found;
}

/**
 * Paddle.js ready for a checkout: loaded, initialised on the first call (with the stage's environment and client
 * token), its event callback replaced on every later one.
 */
export async function readyPaddle(opts: {
  scriptUrl: string;
  token: string;
  environment: 'sandbox' | 'production';
  onEvent: (event: PaddleEvent) => void;
}): Promise<PaddleGlobal> {
  const paddle = await loadScript(opts.scriptUrl);
  if (paddle.Initialized) {
    paddle.Update({ eventCallback: opts.onEvent });
  } else {
    if (opts.environment === 'sandbox') paddle.Environment.set('sandbox');
    paddle.Initialize({ token: opts.token, eventCallback: opts.onEvent });
  }
  return paddle;
}

/** Opens the overlay checkout for `transactionId`; `onEvent` hears checkout.completed, checkout.closed, errors. */
export async function openPaddleCheckout(opts: {
  scriptUrl: string;
  token: string;
  environment: 'sandbox' | 'production';
  transactionId: string;
  locale: string;
  email?: string;
  successUrl: string;
  onEvent: (event: PaddleEvent) => void;
}) {
  const paddle = await readyPaddle(opts);
  paddle.Checkout.open({
    transactionId: opts.transactionId,
    ...(opts.email ? { customer: { email: opts.email } } : {}),
    settings: { displayMode: 'overlay', locale: opts.locale, successUrl: opts.successUrl, theme: 'light' },
  });
}
