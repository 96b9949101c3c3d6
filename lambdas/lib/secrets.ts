/**
 * Reading a Secrets Manager secret's string (the Firebase service account, the unsubscribe link key, the VAPID key
 * pair) in the cloud. @aws-sdk/client-secrets-manager is not a dependency of this project: the Lambda Node.js runtime
 * ships the whole AWS SDK v3 and the bundles leave `@aws-sdk/*` out (infra/constructs/functionDefaults.ts), so the
 * client is imported at run time from the runtime. Outside Lambda (no such package) it throws
 * SecretsManagerUnavailable. The callers keep what they read for SECRET_CACHE_MS.
 */
import { awsClientOptions } from './dependencies';
import { traceClient } from './tracing';

/** A secret is read again after this long, so a key put in (or rotated) after deploy is picked up. */
export const SECRET_CACHE_MS = 5 * 60_000;

// A variable, not a literal: neither tsc nor esbuild look for the package at build time.
const SECRETS_MANAGER_MODULE = '@aws-sdk/client-secrets-manager';

export class SecretsManagerUnavailable extends Error {}

/** The secret's string value (undefined when it has none), with the API's timeouts and retries. */
export async function readSecretString(secretId: string): Promise<string | undefined> {
  let sdk: {
    SecretsManagerClient: new (c: object) => { send(cmd: unknown): Promise<{ SecretString?: string }> };
    GetSecretValueCommand: new (i: object) => unknown;
  };
  try {
    sdk = await import(SECRETS_MANAGER_MODULE);
  } catch {
    throw new SecretsManagerUnavailable(`${SECRETS_MANAGER_MODULE} is not available here`);
  }
  const out = await traceClient(new sdk.SecretsManagerClient(awsClientOptions())).send(
    new sdk.GetSecretValueCommand({ SecretId: secretId }),
  );
  return out.SecretString;
}
