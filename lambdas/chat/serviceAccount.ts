/**
 * Where the Firebase service account comes from:
 * - env FIREBASE_SERVICE_ACCOUNT (the key file's JSON): `npm start` and the tests;
 * - otherwise the Secrets Manager secret named by env FIREBASE_SECRET_ARN (the cloud).
 *
 * @aws-sdk/client-secrets-manager is not a dependency of this project: the Lambda Node.js runtime
 * ships the whole AWS SDK v3 and the bundles leave `@aws-sdk/*` out (infra/constructs/functionDefaults.ts), so the
 * client is imported at run time from the runtime. Outside Lambda (no such package) the secret
 * cannot be read and chat answers "not configured".
 */
import { parseServiceAccount, type ServiceAccount } from '../domain/chat';
import { awsClientOptions } from '../lib/dependencies';
import { traceClient } from '../lib/tracing';

export class ChatNotConfigured extends Error {}

/** Reads a secret's string value. */
export type SecretReader = (secretId: string) => Promise<string | undefined>;

// A variable, not a literal: neither tsc nor esbuild look for the package at build time.
const SECRETS_MANAGER_MODULE = '@aws-sdk/client-secrets-manager';

const readFromSecretsManager: SecretReader = async (secretId) => {
  let sdk: {
    SecretsManagerClient: new (c: object) => { send(cmd: unknown): Promise<{ SecretString?: string }> };
    GetSecretValueCommand: new (i: object) => unknown;
  };
  try {
    sdk = await import(SECRETS_MANAGER_MODULE);
  } catch {
    throw new ChatNotConfigured(`${SECRETS_MANAGER_MODULE} is not available here`);
  }
  const out = await traceClient(new sdk.SecretsManagerClient(awsClientOptions())).send(
    new sdk.GetSecretValueCommand({ SecretId: secretId }),
  );
  return out.SecretString;
};

/** The secret is re-read after this long, so a key put in (or rotated) after deploy is picked up. */
const SECRET_CACHE_MS = 5 * 60_000;
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
