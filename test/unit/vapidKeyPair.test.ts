/**
 * The deployment step that gives a stage its VAPID key pair (lambdas/notify/vapidKeyPair.ts, the custom
 * resource of infra/constructs/vapidKeyPair.ts): the pair it generates is one web-push signs with and whose
 * signature verifies against the public key, and the secret is written only while it holds no valid pair
 * (a pair already there, made by an earlier deployment or put by hand, is never replaced).
 */
import { createECDH } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import webpush from 'web-push';
import { checkVapid } from '../../bin/local/push';
import { generateVapidKeyPair, handler, hasVapidPair } from '../../lambdas/notify/vapidKeyPair';
import { useTestEnv } from '../support/events';

useTestEnv();
const secrets = mockClient(SecretsManagerClient);
beforeEach(() => secrets.reset());
afterEach(() => secrets.reset());

const SECRET_ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:marketplace-dev/web-push-vapid-keys-AbCdEf';
const SUBJECT = 'mailto:no-reply@dev.mail.example.al';
const PHYSICAL_ID = `vapid-key-pair:${SECRET_ARN}`;

function event(
  requestType: 'Create' | 'Update' | 'Delete',
  properties = { SecretId: SECRET_ARN, Subject: SUBJECT },
): CloudFormationCustomResourceEvent {
  const serviceToken = 'arn:aws:lambda:eu-central-1:123456789012:function:provider';
  const base = {
    ServiceToken: serviceToken,
    ResponseURL: 'https://cloudformation-custom-resource-response.example/',
    StackId: 'arn:aws:cloudformation:eu-central-1:123456789012:stack/Marketplace-dev/1',
    RequestId: 'request-1',
    LogicalResourceId: 'VapidKeyPair',
    ResourceType: 'Custom::VapidKeyPair',
    ResourceProperties: { ServiceToken: serviceToken, ...properties },
  };
  if (requestType === 'Create') return { ...base, RequestType: 'Create' };
  if (requestType === 'Update')
    return {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: PHYSICAL_ID,
      OldResourceProperties: { ServiceToken: serviceToken },
    };
  return { ...base, RequestType: 'Delete', PhysicalResourceId: PHYSICAL_ID };
}

const secretHolds = (secretString: string) =>
  secrets.on(GetSecretValueCommand).resolves({ SecretString: secretString });
const puts = () => secrets.commandCalls(PutSecretValueCommand).map((c) => c.args[0].input);
const putValue = () => {
  const [input] = puts();
  return JSON.parse(input.SecretString!) as { publicKey: string; privateKey: string; subject: string };
};

describe('generated VAPID key pair', () => {
  it('is a 65-byte uncompressed P-256 point and its 32-byte private key, base64url without padding', () => {
    for (let i = 0; i < 1000; i++) {
      // Many pairs: about one private key in 256 starts with a zero byte, which must still make 32 bytes.
      const { publicKey, privateKey } = generateVapidKeyPair();
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(privateKey).toMatch(/^[A-Za-z0-9_-]+$/);
      const pub = Buffer.from(publicKey, 'base64url');
      const priv = Buffer.from(privateKey, 'base64url');
      expect(pub).toHaveLength(65);
      expect(pub[0]).toBe(0x04);
      expect(priv).toHaveLength(32);
      // The public key is the one of that private key.
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(priv);
      expect(ecdh.getPublicKey('base64url')).toBe(publicKey);
    }
  });

  it('has the shape of web-push generateVAPIDKeys', () => {
    const ours = generateVapidKeyPair();
    const theirs = webpush.generateVAPIDKeys();
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(ours.publicKey).toHaveLength(theirs.publicKey.length);
    expect(ours.privateKey).toHaveLength(theirs.privateKey.length);
  });

  it('signs web-push requests whose VAPID signature verifies against its public key', () => {
    const keys = generateVapidKeyPair();
    const audience = 'https://fcm.googleapis.com';
    const headers = webpush.getVapidHeaders(audience, SUBJECT, keys.publicKey, keys.privateKey, 'aes128gcm');
    expect(checkVapid(headers.Authorization, audience, keys.publicKey)).toEqual({ subject: SUBJECT });
    // Another pair's public key does not verify it.
    expect(checkVapid(headers.Authorization, audience, generateVapidKeyPair().publicKey)).toHaveProperty('error');

    // And web-push builds a whole push request (encrypted body) with it.
    const device = createECDH('prime256v1');
    device.generateKeys();
    const request = webpush.generateRequestDetails(
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        keys: { p256dh: device.getPublicKey('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
      },
      '{"title":"Ofertë e re"}',
      { vapidDetails: { subject: SUBJECT, ...keys }, contentEncoding: 'aes128gcm' },
    );
    expect(request.method).toBe('POST');
    expect(checkVapid((request.headers as Record<string, string>).Authorization, audience, keys.publicKey)).toEqual({
      subject: SUBJECT,
    });
  });

  it('tells a valid pair from a secret without one', () => {
    expect(hasVapidPair(JSON.stringify(webpush.generateVAPIDKeys()))).toBe(true);
    expect(hasVapidPair(JSON.stringify({ ...generateVapidKeyPair(), subject: SUBJECT }))).toBe(true);
    expect(hasVapidPair('{}')).toBe(false);
    expect(hasVapidPair(undefined)).toBe(false);
    expect(hasVapidPair('not json')).toBe(false);
    expect(hasVapidPair('null')).toBe(false);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const compressed = ecdh.getPublicKey('base64url', 'compressed');
    expect(hasVapidPair(JSON.stringify({ publicKey: compressed, privateKey: ecdh.getPrivateKey('base64url') }))).toBe(
      false,
    );
    const { publicKey } = generateVapidKeyPair();
    expect(hasVapidPair(JSON.stringify({ publicKey, privateKey: '' }))).toBe(false);
    expect(hasVapidPair(JSON.stringify({ publicKey: `${publicKey}=`, privateKey: publicKey }))).toBe(false);
  });
});

describe('custom resource handler', () => {
  it('on Create puts a generated pair with the stage subject into the empty secret (as created: {})', async () => {
    secretHolds('{}');
    secrets.on(PutSecretValueCommand).resolves({});
    await expect(handler(event('Create'))).resolves.toEqual({ PhysicalResourceId: PHYSICAL_ID });
    expect(puts()).toHaveLength(1);
    expect(puts()[0].SecretId).toBe(SECRET_ARN);
    const value = putValue();
    expect(value.subject).toBe(SUBJECT);
    expect(hasVapidPair(JSON.stringify(value))).toBe(true);
    const headers = webpush.getVapidHeaders(
      'https://push.example',
      value.subject,
      value.publicKey,
      value.privateKey,
      'aes128gcm',
    );
    expect(checkVapid(headers.Authorization, 'https://push.example', value.publicKey)).toEqual({ subject: SUBJECT });
  });

  it('on Create puts a pair into a secret that has no value at all yet', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejects(new ResourceNotFoundException({ message: 'no AWSCURRENT version', $metadata: {} }));
    secrets.on(PutSecretValueCommand).resolves({});
    await handler(event('Create'));
    expect(hasVapidPair(JSON.stringify(putValue()))).toBe(true);
  });

  it('never replaces a pair already in the secret, on Create (a pair put by hand) or Update', async () => {
    const existing = JSON.stringify({ ...webpush.generateVAPIDKeys(), subject: 'mailto:support@interio.al' });
    secretHolds(existing);
    secrets.on(PutSecretValueCommand).resolves({});
    await expect(handler(event('Create'))).resolves.toEqual({ PhysicalResourceId: PHYSICAL_ID });
    await expect(handler(event('Update'))).resolves.toEqual({ PhysicalResourceId: PHYSICAL_ID });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    expect(puts()).toEqual([]);
  });

  it('on Update puts a pair only while the secret still has none, keeping a subject put by hand', async () => {
    secretHolds('{"subject":"mailto:support@interio.al"}');
    secrets.on(PutSecretValueCommand).resolves({});
    await expect(handler(event('Update'))).resolves.toEqual({ PhysicalResourceId: PHYSICAL_ID });
    expect(putValue().subject).toBe('mailto:support@interio.al');
    expect(hasVapidPair(JSON.stringify(putValue()))).toBe(true);
  });

  it('replaces a value that is not a usable pair (web-push would refuse it, no device could subscribe to it)', async () => {
    secretHolds(JSON.stringify({ publicKey: 'abc', privateKey: 'def' }));
    secrets.on(PutSecretValueCommand).resolves({});
    await handler(event('Update'));
    expect(puts()).toHaveLength(1);
  });

  it('on Delete touches nothing', async () => {
    await expect(handler(event('Delete'))).resolves.toEqual({ PhysicalResourceId: PHYSICAL_ID });
    expect(secrets.calls()).toHaveLength(0);
  });

  it('fails the deployment, writing nothing, when the secret cannot be read', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejects(Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' }));
    await expect(handler(event('Create'))).rejects.toThrow('not authorized');
    expect(puts()).toEqual([]);
  });
});
