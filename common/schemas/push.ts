/** Request schemas of the push subscription routes (common/push.ts). */
import * as z from 'zod';
import { BASE64URL, MAX_PUSH_ENDPOINT_LENGTH } from '../push';
import { keyText } from './fields';

const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(BASE64URL, `${label} must be base64url`);

/** The push service's address of this device's subscription: an http(s) URL (lambdas/notify/push.ts allows http only locally). */
export const pushEndpointSchema = z
  .string({ error: 'endpoint is required' })
  .min(1, 'endpoint is required')
  .max(MAX_PUSH_ENDPOINT_LENGTH, 'endpoint is too long')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'endpoint must be an https address');

/** POST /notifications/push: the browser's PushSubscription.toJSON() (expirationTime is ignored). */
export const pushSubscriptionBody = z
  .object({
    endpoint: pushEndpointSchema,
    // A P-256 public key (65 bytes, 87 characters in base64url) and a 16-byte secret (22 characters).
    keys: z.object({ p256dh: base64url('keys.p256dh', 100), auth: base64url('keys.auth', 40) }).strict(),
    expirationTime: z.number().nullable().optional(),
  })
  .strict();

/** DELETE /notifications/push/{id}: the id POST /notifications/push answered. */
export const pushSubscriptionParams = z.object({ id: keyText('id', 64) });
