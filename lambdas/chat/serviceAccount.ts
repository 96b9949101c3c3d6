/**
 * Where the Firebase service account comes from: env FIREBASE_SERVICE_ACCOUNT (the key file's JSON;
 * `npm start` and tests). In the cloud the key belongs in a Secrets Manager secret named by
 * FIREBASE_SECRET_ARN, but @aws-sdk/client-secrets-manager is not installed in this project yet, so
 * only the environment variable is read; a stage with only the ARN answers "Chat is not configured".
 */
import { parseServiceAccount, type ServiceAccount } from '../domain/chat';

let cached: { json: string; account: ServiceAccount } | undefined;

export class ChatNotConfigured extends Error {}

export async function loadServiceAccount(): Promise<ServiceAccount> {
  const json = process.env.FIREBASE_SERVICE_ACCOUNT;
  if (!json) {
    throw new ChatNotConfigured(process.env.FIREBASE_SECRET_ARN
      ? 'FIREBASE_SECRET_ARN is set but reading Secrets Manager needs @aws-sdk/client-secrets-manager (not installed)'
      : 'FIREBASE_SERVICE_ACCOUNT is not set');
  }
  if (cached?.json !== json) cached = { json, account: parseServiceAccount(json) };
  return cached.account;
}
