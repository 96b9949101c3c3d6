/**
 * The VAPID key pair that signs this stage's Web Push requests (RFC 8292) and whose public half browsers
 * subscribe with (the applicationServerKey). Read from:
 * - env VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT: `npm start` and the tests (generated on the
 *   first start into the local data folder: bin/local/push.ts);
 * - otherwise the Secrets Manager secret named by env VAPID_SECRET_ARN (the cloud; a JSON
 *   `{"publicKey","privateKey","subject"}` put there by the stage's deployment, ./vapidKeyPair.ts, or by hand:
 *   docs/deploy.md). A secret still without keys means push is not set up: no push is sent and the key route
 *   answers null.
 */
import { SECRET_CACHE_MS, readSecretString } from '../lib/secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address push services may contact about this sender. */
  subject: string;
}

let cached: { value: VapidKeys | undefined; at: number } | undefined;

/** Parses the secret's JSON: undefined while it holds no keys yet (a fresh stage). */
export function parseVapidSecret(text: string | undefined): VapidKeys | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof v.publicKey !== 'string' || typeof v.privateKey !== 'string' || !v.publicKey || !v.privateKey)
      return undefined;
    return { publicKey: v.publicKey, privateKey: v.privateKey, subject: v.subject || 'mailto:no-reply@interio.al' };
  } catch {
    return undefined;
  }
}

export async function vapidKeys(): Promise<VapidKeys | undefined> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = process.env;
  if (publicKey && privateKey)
    return { publicKey, privateKey, subject: subject || 'mailto:no-reply@marketplace.local' };
  const arn = process.env.VAPID_SECRET_ARN;
  if (!arn) return undefined;
  if (cached && Date.now() - cached.at < SECRET_CACHE_MS) return cached.value;
  cached = { value: parseVapidSecret(await readSecretString(arn)), at: Date.now() };
  return cached.value;
}
