/**
 * The pages of the unsubscribe links (no sign-in, so no web app: plain HTML in the product's look), in
 * Albanian and English together, as the reader is not known until the token is checked.
 */
import { DESIGN_TOKENS } from '../../common/designTokens';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { NotificationKind } from '../../common/constants';
import { escapeHtml } from './emails';
import { BRAND } from '../../common/brand';

/** What each kind of email is called on the pages. */
export const KIND_NAMES: Record<NotificationKind, { sq: string; en: string }> = {
  newOffer: { sq: 'oferta të reja për kërkesat tuaja', en: 'new offers on your requests' },
  offerAccepted: { sq: 'ofertat tuaja të pranuara', en: 'your offers being accepted' },
  offerDeclined: { sq: 'ofertat tuaja të refuzuara', en: 'your offers being declined' },
  acceptanceCancelled: { sq: 'pranime ofertash të anuluara', en: 'cancelled acceptances of your offers' },
  reviewReceived: { sq: 'vlerësime të reja', en: 'new reviews' },
  requestDeleted: { sq: 'kërkesa të fshira ku keni ofertë', en: 'deleted requests you offered on' },
  requestClosed: {
    sq: 'kërkesa të mbyllura ose të skaduara ku keni ofertë',
    en: 'closed or expired requests you offered on',
  },
  paymentReceipt: { sq: 'fatura pagesash', en: 'payment receipts' },
  paymentFailed: { sq: 'pagesat që nuk u kryen', en: 'payments that did not go through' },
  paymentRefunded: { sq: 'rimbursimet', en: 'refunds' },
  paymentChargedBack: { sq: 'pagesat që banka i ktheu (chargeback)', en: 'payments your bank took back (chargebacks)' },
  paymentRestored: { sq: 'rimbursimet e anuluara', en: 'refunds and chargebacks reversed' },
  adRunEnded: { sq: 'fushatat e sponsorizuara që përfunduan', en: 'Sponsored runs that ended' },
  newLead: { sq: 'kërkesa të reja për shërbimet tuaja', en: 'new requests for your services' },
  chatUnread: { sq: 'mesazhe chat-i të palexuara', en: 'unread chat messages' },
  leadDigest: { sq: 'përmbledhjen ditore të kërkesave të reja', en: 'the daily digest of new requests' },
  verificationDecided: { sq: 'vendimet për verifikimin e biznesit', en: 'decisions on your business verification' },
  counterOffer: { sq: 'kundërofertat e klientëve', en: "clients' counter-offers" },
  negotiationAnswer: {
    sq: 'përgjigjet e bizneseve për kundërofertat tuaja',
    en: 'businesses answering your counter-offers',
  },
  planStarted: { sq: 'fillimin e planit tuaj', en: 'your plan starting' },
  planPaymentFailed: {
    sq: 'pagesat mujore të planit që nuk u kryen',
    en: "your plan's monthly payments not going through",
  },
  planCancelled: { sq: 'anulimin e planit tuaj', en: 'your plan being cancelled' },
  planDowngraded: { sq: 'ndryshimet e planit tuaj në një më të ulët', en: 'your plan going down' },
  monthlyReport: { sq: 'raportin mujor të statistikave', en: 'the monthly statistics report' },
  ideaRequest: {
    sq: 'kërkesat e klientëve për oferta si idetë tuaja',
    en: "clients' requests for offers like your ideas",
  },
};

const page = (status: number, title: string, body: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Nothing on these pages loads from elsewhere or runs script; the form posts back here.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
  },
  body: `<!doctype html><html lang="sq"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:${DESIGN_TOKENS['--color-bg']};font-family:Helvetica,Arial,sans-serif;color:${DESIGN_TOKENS['--color-text']}">
<main style="max-width:560px;margin:40px auto;background:${DESIGN_TOKENS['--color-surface']};border:1px solid ${DESIGN_TOKENS['--color-border']};border-radius:12px;overflow:hidden">
<div style="background:${DESIGN_TOKENS['--color-brand']};color:${DESIGN_TOKENS['--color-on-primary']};padding:16px 24px;font-size:20px;font-weight:bold">${BRAND.name}</div>
<div style="padding:24px;font-size:16px;line-height:1.5">${body}</div></main></body></html>`,
});

export function unsubscribeConfirmPage(kind: NotificationKind, token: string) {
  const name = KIND_NAMES[kind];
  const action = `?token=${encodeURIComponent(token)}`;
  return page(
    200,
    'Çregjistrohu / Unsubscribe',
    `
<h1 style="font-size:22px;margin:0 0 12px">Mos merrni më këto email?</h1>
<p>Nuk do të merrni më email për ${escapeHtml(name.sq)}. Njoftimet në aplikacion mbeten.</p>
<p lang="en" style="color:${DESIGN_TOKENS['--color-text-muted']}">Stop emails about ${escapeHtml(name.en)}? Notifications in the app stay.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="background:${DESIGN_TOKENS['--color-primary']};color:${DESIGN_TOKENS['--color-on-primary']};border:0;border-radius:8px;padding:12px 20px;font-size:16px;font-weight:bold;cursor:pointer">Çregjistrohu / Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(kind: NotificationKind) {
  const name = KIND_NAMES[kind];
  return page(
    200,
    'U çregjistruat / Unsubscribed',
    `
<h1 style="font-size:22px;margin:0 0 12px">U çregjistruat</h1>
<p>Nuk do të merrni më email për ${escapeHtml(name.sq)}. Mund t'i aktivizoni sërish te Cilësimet › Njoftimet.</p>
<p lang="en" style="color:${DESIGN_TOKENS['--color-text-muted']}">You will no longer get emails about ${escapeHtml(name.en)}. You can turn them on again in Settings › Notifications.</p>`,
  );
}

export function invalidLinkPage() {
  return page(
    400,
    'Lidhje e pavlefshme / Invalid link',
    `
<h1 style="font-size:22px;margin:0 0 12px">Kjo lidhje nuk është e vlefshme</h1>
<p>Lidhja për çregjistrim është ndryshuar ose nuk është e plotë, ndaj nuk ndryshuam asgjë. Përdorni lidhjen e plotë nga emaili, ose ndryshoni njoftimet te Cilësimet › Njoftimet pasi të hyni.</p>
<p lang="en" style="color:${DESIGN_TOKENS['--color-text-muted']}">This unsubscribe link was altered or is incomplete, so nothing was changed. Use the whole link from the email, or change your notifications in Settings › Notifications after signing in.</p>`,
  );
}
