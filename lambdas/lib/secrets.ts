/**
 * Reading a Secrets Manager secret's string (the Firebase service account, the unsubscribe link key, the VAPID key
 * pair, the payment provider's keys) in the cloud. Only the functions that hold a secret's ARN read one, and not on
 * every invocation (the callers keep what they read for SECRET_CACHE_MS), so the client is imported when it is first
 * needed (./secretsManagerCalls.ts): it is in the function's bundle (infra/constructs/functionDefaults.ts), but its
 * code runs only then, not at every cold start. Locally no secret's ARN is set (npm start and the tests give the values in the environment).
 * Where the package cannot be loaded it throws SecretsManagerUnavailable.
 */
import { awsClientOptions } from './dependencies';
import { traceClient } from './tracing';

/** A secret is read again after this long, so a key put in (or rotated) after deploy is picked up. */
export const SECRET_CACHE_MS = 5 * 60_000;

export class SecretsManagerUnavailable extends Error {}

/** The secret's string value (undefined when it has none), with the API's timeouts and retries. */
export async function readSecretString(secretId: string): Promise<string | undefined> {
  let sdk: typeof import('./secretsManagerCalls');
  try {
    sdk = await import('./secretsManagerCalls');
  } catch (err) {
    throw new SecretsManagerUnavailable(`@aws-sdk/client-secrets-manager cannot be loaded here: ${String(err)}`);
  }
  const out = await traceClient(new sdk.SecretsManagerClient(awsClientOptions())).send(
    new sdk.GetSecretValueCommand({ SecretId: secretId }),
  );
  return out.SecretString;
}
