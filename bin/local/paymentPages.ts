/**
 * The pages of the local payment provider (bin/local/paymentProvider.ts), in Albanian and English: the checkout
 * (email and card form, the test cards listed), the bank's authentication step, the wait for the bank, and a
 * receipt. Plain server-rendered HTML with its own small stylesheet, so the pages work without the web app. Opened
 * in the overlay of the local Paddle.js (`embed`: the page's origin), they tell it what happened (loaded,
 * completed, closed) by postMessage, as Paddle's checkout frame tells Paddle.js.
 */
import type { Language } from '../../common/languages';

const TEXTS = {
  sq: {
    title: 'Pagesë e sigurt',
    provider: 'Ofruesi lokal i pagesave · pagesë prove',
    payTo: 'Paguani Interio',
    total: 'Gjithsej',
    vatNote: 'Çmimi përfshin TVSH-në.',
    email: 'Email-i',
    invalidEmail: 'Shkruani një email të saktë.',
    notReady: 'Kjo pagesë nuk është gati: hapeni përsëri nga Interio.',
    close: 'Mbyll',
    card: 'Numri i kartës',
    expiry: 'Skadenca (MM/VV)',
    cvc: 'CVC',
    name: 'Emri në kartë',
    pay: 'Paguaj',
    cancel: 'Anulo dhe kthehu në Interio',
    testCards: 'Karta prove',
    cardOk: 'pagesa kalon',
    cardDeclined: 'refuzohet nga banka',
    card3ds: 'kërkon konfirmim nga banka (3-D Secure)',
    declined: 'Karta juaj u refuzua nga banka. Provoni një kartë tjetër.',
    authFailed: 'Banka nuk e konfirmoi pagesën. Provoni përsëri ose me një kartë tjetër.',
    invalidCard: 'Numri i kartës nuk është i saktë.',
    invalidExpiry: 'Skadenca duhet të jetë MM/VV dhe në të ardhmen.',
    invalidCvc: 'CVC ka 3 ose 4 shifra.',
    invalidName: 'Shkruani emrin në kartë.',
    authTitle: 'Konfirmoni pagesën me bankën tuaj',
    authText: 'Banka juaj kërkon të konfirmoni këtë pagesë (3-D Secure).',
    approve: 'Konfirmo pagesën',
    reject: 'Mos e konfirmo',
    waitTitle: 'Duke pritur bankën…',
    waitText: 'Kjo zgjat disa sekonda. Mos e mbyllni faqen.',
    done: 'Pagesa u krye',
    doneText: 'Po ju kthejmë në Interio…',
    back: 'Kthehu në Interio',
    alreadyPaid: 'Kjo pagesë është kryer tashmë.',
    canceled: 'Kjo pagesë është anuluar.',
    notFound: 'Kjo pagesë nuk u gjet.',
    receipt: 'Faturë',
    receiptOf: 'Transaksioni',
    date: 'Data',
    item: 'Artikulli',
    paidWith: 'Paguar me',
    refunded: 'Rimbursuar',
    language: 'English',
  },
  en: {
    title: 'Secure payment',
    provider: 'Local payment provider · test payment',
    payTo: 'Pay Interio',
    total: 'Total',
    vatNote: 'The price includes VAT.',
    email: 'Email',
    invalidEmail: 'Enter a valid email.',
    notReady: 'This payment is not ready: open it again from Interio.',
    close: 'Close',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Pay',
    cancel: 'Cancel and go back to Interio',
    testCards: 'Test cards',
    cardOk: 'the payment succeeds',
    cardDeclined: 'declined by the bank',
    card3ds: 'needs confirming with the bank (3-D Secure)',
    declined: 'Your card was declined by the bank. Try another card.',
    authFailed: 'Your bank did not confirm the payment. Try again or use another card.',
    invalidCard: 'The card number is not valid.',
    invalidExpiry: 'The expiry must be MM/YY and in the future.',
    invalidCvc: 'The CVC has 3 or 4 digits.',
    invalidName: 'Enter the name on the card.',
    authTitle: 'Confirm the payment with your bank',
    authText: 'Your bank asks you to confirm this payment (3-D Secure).',
    approve: 'Confirm the payment',
    reject: 'Do not confirm',
    waitTitle: 'Waiting for your bank…',
    waitText: 'This takes a few seconds. Please keep this page open.',
    done: 'Payment complete',
    doneText: 'Taking you back to Interio…',
    back: 'Back to Interio',
    alreadyPaid: 'This payment is complete already.',
    canceled: 'This payment was canceled.',
    notFound: 'This payment was not found.',
    receipt: 'Receipt',
    receiptOf: 'Transaction',
    date: 'Date',
    item: 'Item',
    paidWith: 'Paid with',
    refunded: 'Refunded',
    language: 'Shqip',
  },
} as const;
export type PageTexts = (typeof TEXTS)[Language];
export const pageTexts = (lang: Language): PageTexts => TEXTS[lang];

/** The documented test cards (Paddle's sandbox uses the same numbers). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
} as const;

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f3f1ec}
main{max-width:440px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 6px 24px rgba(31,41,51,.08);padding:24px}
.brand{display:flex;justify-content:space-between;align-items:center;margin-bottom:16px;gap:8px}
.brand strong{font-size:18px}.brand small{color:#52606d;font-size:12px}
.lang{font-size:13px;color:#1d5c4d}
.test{display:inline-block;background:#fff4d6;color:#7a5300;border-radius:999px;padding:2px 10px;font-size:12px;margin-bottom:12px}
.summary{border:1px solid #e4e7eb;border-radius:10px;padding:12px 14px;margin-bottom:18px}
.summary .row{display:flex;justify-content:space-between;gap:12px}.summary .total{font-weight:700;font-size:20px}
.summary small{color:#52606d}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cbd2d9;border-radius:8px}
input:focus{outline:2px solid #1d5c4d;outline-offset:1px}
.two{display:flex;gap:12px}.two>div{flex:1}
button,.button{display:block;width:100%;margin-top:18px;padding:12px;border:0;border-radius:8px;background:#1d5c4d;color:#fff;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none}
.secondary{background:#fff;color:#1d5c4d;border:1px solid #1d5c4d}
.error{background:#fde8e8;color:#9b1c1c;border-radius:8px;padding:10px 12px;margin-bottom:12px}
.field-error{color:#9b1c1c;font-size:13px;margin-top:4px}
.cancel{display:block;text-align:center;margin-top:14px;color:#52606d;font-size:14px}
details{margin-top:18px;font-size:14px;color:#52606d}code{font-size:13px}
.spinner{width:36px;height:36px;border:4px solid #e4e7eb;border-top-color:#1d5c4d;border-radius:50%;margin:16px auto;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0}dt{color:#52606d}dd{margin:0}
@media (prefers-reduced-motion: reduce){.spinner{animation:none}}
body.embedded{background:transparent}body.embedded main{margin-top:24px}
`;

/** A message to the page that opened the checkout in its overlay (the local Paddle.js), as Paddle's frame sends its events. */
export type FrameMessage = {
  name: 'checkout.loaded' | 'checkout.completed' | 'checkout.closed';
  transactionId: string;
};

/** The script that posts `message` to the embedding page (`embed`: its origin), or nothing outside an overlay. */
export const frameScript = (embed: string | undefined, message: FrameMessage) =>
  embed
    ? `<script>parent.postMessage(${JSON.stringify({ source: 'paddle-local', ...message }).replace(/</g, '\\u003c')}, ${JSON.stringify(embed).replace(/</g, '\\u003c')});</script>`
    : '';

export function layout(opts: {
  lang: Language;
  title: string;
  body: string;
  refreshSeconds?: number;
  refreshUrl?: string;
  switchUrl?: string;
  /** In the local Paddle.js's overlay: the app shows, dimmed, around the card. */
  embed?: string;
}) {
  const t = pageTexts(opts.lang);
  const refresh =
    opts.refreshSeconds !== undefined && opts.refreshUrl
      ? `<meta http-equiv="refresh" content="${opts.refreshSeconds};url=${escapeHtml(opts.refreshUrl)}">`
      : '';
  return `<!doctype html><html lang="${opts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}<title>${escapeHtml(opts.title)} · Interio</title><style>${STYLE}</style></head><body${opts.embed ? ' class="embedded"' : ''}><main><div class="card"><div class="brand"><div><strong>Interio</strong><br><small>${escapeHtml(t.provider)}</small></div>${opts.switchUrl ? `<a class="lang" href="${escapeHtml(opts.switchUrl)}" lang="${opts.lang === 'sq' ? 'en' : 'sq'}">${t.language}</a>` : ''}</div>${opts.body}</div></main></body></html>`;
}

export type CardField = 'email' | 'card' | 'expiry' | 'cvc' | 'name';

export interface CheckoutView {
  lang: Language;
  transactionId: string;
  description: string;
  total: string;
  returnUrl?: string;
  /** Opened in the local Paddle.js's overlay: the embedding page's origin. */
  embed?: string;
  error?: string;
  fieldErrors?: Partial<Record<CardField, string>>;
  values?: { name?: string; expiry?: string; email?: string };
  switchUrl: string;
}

/** The hidden fields every form of the checkout carries: its language, where to go back, the overlay's page. */
export const hiddenFields = (v: { lang: Language; returnUrl?: string; embed?: string }) =>
  `<input type="hidden" name="lang" value="${v.lang}">${v.returnUrl ? `<input type="hidden" name="return" value="${escapeHtml(v.returnUrl)}">` : ''}${v.embed ? `<input type="hidden" name="embed" value="${escapeHtml(v.embed)}">` : ''}`;

/** The way out of the checkout: back to the app, or (in the overlay) the overlay closed. */
const cancelLink = (v: { transactionId: string; returnUrl?: string; embed?: string }, text: string) =>
  v.embed
    ? `<button type="button" class="secondary" data-testid="checkout-close" onclick='parent.postMessage(${escapeHtml(JSON.stringify({ source: 'paddle-local', name: 'checkout.closed', transactionId: v.transactionId }))}, ${escapeHtml(JSON.stringify(v.embed))})'>${escapeHtml(text)}</button>`
    : v.returnUrl
      ? `<a class="cancel" href="${escapeHtml(v.returnUrl)}">${escapeHtml(text)}</a>`
      : '';

export function checkoutPage(v: CheckoutView) {
  const t = pageTexts(v.lang);
  const fieldError = (k: CardField) =>
    v.fieldErrors?.[k] ? `<div class="field-error" id="${k}-error">${escapeHtml(v.fieldErrors[k])}</div>` : '';
  const described = (k: CardField) => (v.fieldErrors?.[k] ? ` aria-invalid="true" aria-describedby="${k}-error"` : '');
  const hidden = hiddenFields(v);
  const body = `
<span class="test">${escapeHtml(t.provider.split('·')[1]?.trim() ?? '')}</span>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(t.payTo)}</h1>
<div class="summary"><div class="row"><span>${escapeHtml(v.description)}</span></div>
<div class="row"><span>${escapeHtml(t.total)}</span><span class="total" data-testid="checkout-total">${escapeHtml(v.total)}</span></div><small>${escapeHtml(t.vatNote)}</small></div>
${v.error ? `<div class="error" role="alert" data-testid="checkout-error">${escapeHtml(v.error)}</div>` : ''}
<form method="post" action="/checkout/${encodeURIComponent(v.transactionId)}/pay" novalidate>
${hidden}
<label for="email">${escapeHtml(t.email)}</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(v.values?.email ?? '')}"${described('email')}>${fieldError('email')}
<label for="card">${escapeHtml(t.card)}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"${described('card')}>${fieldError('card')}
<div class="two"><div><label for="expiry">${escapeHtml(t.expiry)}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" value="${escapeHtml(v.values?.expiry ?? '')}"${described('expiry')}>${fieldError('expiry')}</div>
<div><label for="cvc">${escapeHtml(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"${described('cvc')}>${fieldError('cvc')}</div></div>
<label for="name">${escapeHtml(t.name)}</label><input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(v.values?.name ?? '')}"${described('name')}>${fieldError('name')}
<button type="submit">${escapeHtml(t.pay)} ${escapeHtml(v.total)}</button>
</form>
${cancelLink(v, v.embed ? t.close : t.cancel)}
<details><summary>${escapeHtml(t.testCards)}</summary><ul>
<li><code>4242 4242 4242 4242</code>: ${escapeHtml(t.cardOk)}</li>
<li><code>4000 0000 0000 0002</code>: ${escapeHtml(t.cardDeclined)}</li>
<li><code>4000 0027 6000 3184</code>: ${escapeHtml(t.card3ds)}</li></ul></details>
${frameScript(v.embed, { name: 'checkout.loaded', transactionId: v.transactionId })}`;
  return layout({ lang: v.lang, title: t.title, body, switchUrl: v.switchUrl, embed: v.embed });
}

export function authenticatePage(v: {
  lang: Language;
  transactionId: string;
  total: string;
  returnUrl?: string;
  embed?: string;
}) {
  const t = pageTexts(v.lang);
  const hidden = hiddenFields(v);
  const action = `/checkout/${encodeURIComponent(v.transactionId)}/authenticate`;
  const body = `<h1 style="font-size:22px;margin:0 0 8px">${escapeHtml(t.authTitle)}</h1><p>${escapeHtml(t.authText)}</p>
<div class="summary"><div class="row"><span>${escapeHtml(t.total)}</span><span class="total">${escapeHtml(v.total)}</span></div></div>
<form method="post" action="${action}">${hidden}<input type="hidden" name="outcome" value="approve"><button type="submit">${escapeHtml(t.approve)}</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="outcome" value="fail"><button type="submit" class="secondary">${escapeHtml(t.reject)}</button></form>`;
  return layout({ lang: v.lang, title: t.authTitle, body, embed: v.embed });
}

export function waitPage(v: { lang: Language; statusUrl: string; embed?: string }) {
  const t = pageTexts(v.lang);
  const body = `<h1 style="font-size:22px;margin:0 0 8px" role="status">${escapeHtml(t.waitTitle)}</h1><div class="spinner" aria-hidden="true"></div><p>${escapeHtml(t.waitText)}</p>`;
  return layout({ lang: v.lang, title: t.waitTitle, body, refreshSeconds: 1, refreshUrl: v.statusUrl, embed: v.embed });
}

export function messagePage(v: {
  lang: Language;
  title: string;
  text?: string;
  returnUrl?: string;
  redirect?: boolean;
  /** In the overlay: the embedding page's origin, and what to tell it (the checkout completed, say). */
  embed?: string;
  tell?: FrameMessage;
}) {
  const t = pageTexts(v.lang);
  const back = v.embed
    ? v.tell
      ? ''
      : cancelLink({ transactionId: '', embed: v.embed }, t.close)
    : v.returnUrl
      ? `<a class="button" href="${escapeHtml(v.returnUrl)}">${escapeHtml(t.back)}</a>`
      : '';
  const body = `<h1 style="font-size:22px;margin:0 0 8px" role="status">${escapeHtml(v.title)}</h1>${v.text ? `<p>${escapeHtml(v.text)}</p>` : ''}${back}${v.tell ? frameScript(v.embed, v.tell) : ''}`;
  return layout({
    lang: v.lang,
    title: v.title,
    body,
    embed: v.embed,
    ...(v.redirect && v.returnUrl && !v.embed ? { refreshSeconds: 1, refreshUrl: v.returnUrl } : {}),
  });
}

export function receiptPage(v: {
  lang: Language;
  transactionId: string;
  invoiceNumber: string;
  date: string;
  description: string;
  total: string;
  card?: string;
  refunded?: string;
}) {
  const t = pageTexts(v.lang);
  const row = (k: string, value: string) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(value)}</dd>`;
  const body = `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(t.receipt)} ${escapeHtml(v.invoiceNumber)}</h1><dl>
${row(t.receiptOf, v.transactionId)}${row(t.date, v.date)}${row(t.item, v.description)}${row(t.total, v.total)}${v.card ? row(t.paidWith, v.card) : ''}${v.refunded ? row(t.refunded, v.refunded) : ''}</dl><p><small>${escapeHtml(t.vatNote)}</small></p>`;
  return layout({ lang: v.lang, title: `${t.receipt} ${v.invoiceNumber}`, body });
}
