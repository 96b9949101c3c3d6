/**
 * Deployment step of Web Push: the CloudFormation custom resource of
 * infra/constructs/vapidKeyPair.ts gives the stage's VAPID secret a key pair, so `cdk deploy` turns push on
 * with no manual step (Secrets Manager cannot generate an EC key pair itself).
 *  - Create, and Update: reads the secret; only when it holds no valid pair yet, generates one (P-256, as
 *    web-push's generateVAPIDKeys: the public key the 65-byte uncompressed point, the private key 32 bytes,
 *    both base64url without padding) and puts `{publicKey, privateKey, subject}`. A valid pair already
 *    there (an earlier deployment's, or one put by hand: docs/deploy.md) is never replaced: every device's
 *    subscription is bound to its public key.
 *  - Delete: nothing (the secret goes, or stays, with its own removal policy).
 * The private key is never logged nor returned to CloudFormation.
 */
import { createECDH } from 'node:crypto';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { awsClientOptions } from '../lib/dependencies';
import { createLogger } from '../lib/log';
import { traceClient } from '../lib/tracing';
import type { VapidKeys } from './vapid';

/** Sizes of a P-256 VAPID pair (RFC 8292): the uncompressed public point and the private scalar. */
const PUBLIC_KEY_BYTES = 65;
const PRIVATE_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The custom resource's properties (infra/constructs/vapidKeyPair.ts). */
export interface VapidKeyPairProperties {
  /** ARN of the stage's VAPID secret. */
  SecretId: string;
  /** The VAPID subject written with a new pair (a mailto: address push services may contact). */
  Subject: string;
}

/** A new P-256 key pair in the form web-push takes (and its generateVAPIDKeys returns). */
export function generateVapidKeyPair(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey(); // uncompressed: 0x04 || x || y, 65 bytes
  const scalar = ecdh.getPrivateKey(); // drops leading zero bytes: pad back to 32
  const privateKey = Buffer.concat([Buffer.alloc(PRIVATE_KEY_BYTES - scalar.length), scalar]);
  return { publicKey: publicKey.toString('base64url'), privateKey: privateKey.toString('base64url') };
}

const decoded = (value: unknown) =>
  typeof value === 'string' && BASE64URL.test(value) ? Buffer.from(value, 'base64url') : undefined;

/**
 * Whether the secret's text holds a usable pair: a public key that is a 65-byte uncompressed point and a
 * 32-byte private key (what web-push and browsers accept). Anything else could never have signed a push
 * nor been subscribed to, so replacing it unsubscribes nobody.
 */
export function hasVapidPair(text: string | undefined): boolean {
  let value: Partial<Record<'publicKey' | 'privateKey', unknown>>;
  try {
    value = JSON.parse(text ?? '') as typeof value;
  } catch {
    return false;
  }
  const publicKey = decoded(value?.publicKey);
  const privateKey = decoded(value?.privateKey);
  return publicKey?.length === PUBLIC_KEY_BYTES && publicKey[0] === 0x04 && privateKey?.length === PRIVATE_KEY_BYTES;
}

/** The subject a secret without keys may already carry (put by hand): kept with the new pair. */
function ownSubject(text: string | undefined): string | undefined {
  try {
    const subject = (JSON.parse(text ?? '') as { subject?: unknown })?.subject;
    return typeof subject === 'string' && subject ? subject : undefined;
  } catch {
    return undefined;
  }
}

let client: SecretsManagerClient | undefined;
const secrets = () => (client ??= traceClient(new SecretsManagerClient(awsClientOptions())));

async function currentSecret(secretId: string): Promise<string | undefined> {
  try {
    return (await secrets().send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
  } catch (err) {
    // A secret without any value yet has no AWSCURRENT version.
    if (err instanceof ResourceNotFoundException) return undefined;
    throw err;
  }
}

export type VapidKeyPairOutcome = 'created' | 'kept';

/** Puts a new pair into the secret unless it already holds one. */
export async function ensureVapidKeyPair({ SecretId, Subject }: VapidKeyPairProperties): Promise<VapidKeyPairOutcome> {
  const current = await currentSecret(SecretId);
  if (hasVapidPair(current)) return 'kept';
  const keys: VapidKeys = { ...generateVapidKeyPair(), subject: ownSubject(current) ?? Subject };
  await secrets().send(new PutSecretValueCommand({ SecretId, SecretString: JSON.stringify(keys) }));
  return 'created';
}

const log = createLogger({ job: 'vapid-key-pair' });

export async function handler(event: CloudFormationCustomResourceEvent) {
  const properties = event.ResourceProperties as unknown as VapidKeyPairProperties;
  const physicalResourceId =
    event.RequestType === 'Create' ? `vapid-key-pair:${properties.SecretId}` : event.PhysicalResourceId;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalResourceId };
  const outcome = await ensureVapidKeyPair(properties);
  log.info(outcome === 'created' ? 'VAPID key pair created' : 'VAPID key pair already set: kept', {
    requestType: event.RequestType,
    secretId: properties.SecretId,
  });
  return { PhysicalResourceId: physicalResourceId };
}
