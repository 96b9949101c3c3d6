/**
 * Where the Firebase service account comes from:
 * - env FIREBASE_SERVICE_ACCOUNT (the key file's JSON): `npm start` and the tests;
 * - otherwise the Secrets Manager secret named by env FIREBASE_SECRET_ARN (the cloud).
 *
 * The secret is read through lambdas/lib/secrets.ts; where its client cannot be loaded, chat answers "not
 * configured".
 */
import { SECRET_CACHE_MS, SecretsManagerUnavailable, readSecretString } from '../lib/secrets';

export class ChatNotConfigured extends Error {}

/** Reads a secret's string value. */
export type SecretReader = (secretId: string) => Promise<string | undefined>;

const readFromSecretsManager: SecretReader = async (secretId) => {
  try {
    return await readSecretString(secretId);
  } catch (err) {
    throw err instanceof SecretsManagerUnavailable ? new ChatNotConfigured(err.message) : err;
  }
};

let cached: { source: string; account: ServiceAccount; at: number } | undefined;

export function forgetServiceAccount() {
  cached = undefined;
}

export async function loadServiceAccount(readSecret: SecretReader = readFromSecretsManager): Promise<ServiceAccount> {
  const json = process.env.FIREBASE_SERVICE_ACCOUNT;
  if (json) {
    if (cached?.source !== json) cached = { source: json, account: parseServiceAccount(json), at: Date.now() };
    return cached.account;
  }
  const arn = process.env.FIREBASE_SECRET_ARN;
  if (!arn) throw new ChatNotConfigured('Neither FIREBASE_SERVICE_ACCOUNT nor FIREBASE_SECRET_ARN is set');
  if (cached?.source === arn && Date.now() - cached.at < SECRET_CACHE_MS) return cached.account;
  const value = await readSecret(arn);
  if (!value) throw new ChatNotConfigured('The Firebase secret has no value');
  // A secret still holding the deploy-time placeholder fails here (no client_email / private_key).
  const account = parseServiceAccount(value);
  cached = { source: arn, account, at: Date.now() };
  return account;
}

/** The fields of a Google service-account key file that signing needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  project_id?: string;
  token_uri?: string;
}

export function parseServiceAccount(json: string): ServiceAccount {
  const value = JSON.parse(json) as Partial<ServiceAccount>;
  if (typeof value.client_email !== 'string' || typeof value.private_key !== 'string') {
    throw new Error('The Firebase service account lacks client_email or private_key');
  }
  return {
    client_email: value.client_email,
    private_key: value.private_key,
    project_id: value.project_id,
    ...(typeof value.token_uri === 'string' ? { token_uri: value.token_uri } : {}),
  };
}
