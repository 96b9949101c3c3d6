/**
 * Paddle's webhook signature: `Paddle-Signature: ts=<unix seconds>;h1=<hex>`, where h1 is HMAC-SHA256 of
 * `<ts>:<raw body>` with the notification destination's secret key. Several h1 may be sent while a secret is
 * rotated; any one matching is enough. A timestamp older (or newer) than the tolerance is refused as a replay.
 * Source: https://developer.paddle.com/webhooks/signature-verification
 *
 * The local provider signs its webhooks with `signWebhook`, the API verifies with `verifyWebhookSignature`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../common/payments';
import { WebhookSignatureError } from './port';

export const hmacOf = (secret: string, ts: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${ts}:${rawBody}`, 'utf8').digest('hex');

/** The header value for `rawBody` signed at `now`. */
export function signWebhook(rawBody: string, secret: string, now = new Date()): string {
  const ts = String(Math.floor(now.getTime() / 1000));
  return `ts=${ts};h1=${hmacOf(secret, ts, rawBody)}`;
}

/** Throws WebhookSignatureError unless one h1 of `header` is `rawBody`'s signature with `secret`, signed within the tolerance. */
export function verifyWebhookSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now = new Date(),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('No Paddle-Signature header');
  let ts: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'h1') signatures.push(value);
  }
  if (!ts || !/^\d{1,12}$/.test(ts) || signatures.length === 0)
    throw new WebhookSignatureError('Malformed Paddle-Signature header');
  const age = Math.floor(now.getTime() / 1000) - Number(ts);
  if (Math.abs(age) > toleranceSeconds)
    throw new WebhookSignatureError('The signature is too old (or from the future)');
  const expected = Buffer.from(hmacOf(secret, ts, rawBody), 'hex');
  const matches = signatures.some((h1) => {
    if (!/^[0-9a-f]+$/i.test(h1)) return false;
    const given = Buffer.from(h1, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('The signature does not match');
}
