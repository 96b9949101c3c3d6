/**
 * One-click unsubscribe links: a token naming the recipient (Cognito sub) and the kind of email,
 * signed with HMAC-SHA256, so the link works without signing in and cannot be altered or pointed at
 * another user. The key:
 * - env UNSUBSCRIBE_SECRET: `npm start` and the tests (generated per data folder);
 * - otherwise the Secrets Manager secret named by env UNSUBSCRIBE_SECRET_ARN (the cloud; read through
 *   the Lambda runtime's AWS SDK: lambdas/lib/secrets.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../common/constants';
import { SECRET_CACHE_MS, readSecretString } from '../lib/secrets';
import { fieldError } from '../lib/errors';

/** The 400 of a token that is not one this API signed (altered, truncated, made up). */
export const invalidUnsubscribeLink = () =>
  fieldError('token', 'This unsubscribe link was altered or is incomplete', 'INVALID_VALUE');

export interface UnsubscribeClaim {
  sub: string;
  kind: NotificationKind;
}

let cached: { value: string; at: number } | undefined;

export async function unsubscribeSecret(): Promise<string> {
  const local = process.env.UNSUBSCRIBE_SECRET;
  if (local) return local;
  const arn = process.env.UNSUBSCRIBE_SECRET_ARN;
  if (!arn) throw new Error('Neither UNSUBSCRIBE_SECRET nor UNSUBSCRIBE_SECRET_ARN is set');
  if (cached && Date.now() - cached.at < SECRET_CACHE_MS) return cached.value;
  const value = await readSecretString(arn);
  if (!value) throw new Error('The unsubscribe secret has no value');
  cached = { value, at: Date.now() };
  return cached.value;
}

const mac = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

export async function signUnsubscribe(claim: UnsubscribeClaim, secret?: string): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ s: claim.sub, k: claim.kind })).toString('base64url');
  return `${payload}.${mac(payload, secret ?? (await unsubscribeSecret()))}`;
}

/** The claim of a token whose signature is right, else undefined (altered, truncated, another key). */
export async function verifyUnsubscribe(token: string, secret?: string): Promise<UnsubscribeClaim | undefined> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return undefined;
  const expected = Buffer.from(mac(payload, secret ?? (await unsubscribeSecret())));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { s, k } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s?: unknown; k?: unknown };
    if (typeof s !== 'string' || !s || !(NOTIFICATION_KINDS as readonly unknown[]).includes(k)) return undefined;
    return { sub: s, kind: k as NotificationKind };
  } catch {
    return undefined;
  }
}
