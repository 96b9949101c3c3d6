/**
 * Paddle's webhook signature (lambdas/payments/signature.ts): `Paddle-Signature: ts=..;h1=..`, HMAC-SHA256 of
 * `ts:raw body` with the destination's secret, accepted within 5 minutes (a replayed delivery past them is refused).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from '../../lambdas/payments/signature';
import { WebhookSignatureError } from '../../lambdas/payments/port';

const SECRET = 'pdl_ntfset_01hv8x_secret';
const BODY = '{"event_id":"evt_01","event_type":"transaction.completed","data":{"id":"txn_1"}}';
const AT = new Date('2026-11-20T10:00:00Z');
const seconds = (s: number) => new Date(AT.getTime() + s * 1000);
const refused = (fn: () => void) => expect(fn).toThrow(WebhookSignatureError);

describe('webhook signatures', () => {
  it('accepts the signature of the raw body with the secret, as Paddle computes it', () => {
    const header = signWebhook(BODY, SECRET, AT);
    const ts = String(AT.getTime() / 1000);
    expect(header).toBe(`ts=${ts};h1=${createHmac('sha256', SECRET).update(`${ts}:${BODY}`).digest('hex')}`);
    expect(() => verifyWebhookSignature(BODY, header, SECRET, seconds(10))).not.toThrow();
  });

  it('refuses a tampered body (even one character, or the same JSON re-serialised)', () => {
    const header = signWebhook(BODY, SECRET, AT);
    refused(() => verifyWebhookSignature(BODY.replace('txn_1', 'txn_2'), header, SECRET, AT));
    refused(() => verifyWebhookSignature(JSON.stringify(JSON.parse(BODY), null, 1), header, SECRET, AT));
  });

  it('refuses another secret', () => {
    refused(() => verifyWebhookSignature(BODY, signWebhook(BODY, 'another', AT), SECRET, AT));
  });

  it('refuses a signature older than 5 minutes (a replayed delivery) or from the future', () => {
    const header = signWebhook(BODY, SECRET, AT);
    expect(() => verifyWebhookSignature(BODY, header, SECRET, seconds(299))).not.toThrow();
    refused(() => verifyWebhookSignature(BODY, header, SECRET, seconds(301)));
    refused(() => verifyWebhookSignature(BODY, header, SECRET, seconds(-301)));
  });

  it('accepts any one of several h1 (a secret being rotated), refuses missing or malformed headers', () => {
    const good = signWebhook(BODY, SECRET, AT).split(';')[1];
    const ts = `ts=${AT.getTime() / 1000}`;
    expect(() => verifyWebhookSignature(BODY, `${ts};h1=${'0'.repeat(64)};${good}`, SECRET, AT)).not.toThrow();
    for (const header of [undefined, '', 'h1=abc', `${ts}`, `ts=abc;${good}`, `${ts};h1=zz`])
      refused(() => verifyWebhookSignature(BODY, header, SECRET, AT));
  });
});
