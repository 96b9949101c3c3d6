/**
 * Web Push from the notifier (lambdas/notify/push.ts): the payload of each kind in each language, the
 * request web-push builds (VAPID signature, aes128gcm body the device can decrypt, TTL, urgency), and a
 * subscription the push service calls gone (404/410) deleted; with a real HTTP server as the push service.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import webpush from 'web-push';
import { notificationLink } from '../../common/notifications';
import { NOTIFICATION_KINDS } from '../../common/constants';
import {
  buildPushPayload,
  MAX_PUSH_PAYLOAD_BYTES,
  pushRequest,
  pushToDevices,
  sendToDevice,
} from '../../lambdas/notify/push';
import { checkVapid, decryptPush } from '../../bin/local/push';
import { createECDH, randomBytes } from 'node:crypto';
import { useTestEnv } from '../support/events';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@example.com' };

/** A device as a browser holds it: its key pair and auth secret (the subscription gives their public halves). */
function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { privateKey: ecdh.getPrivateKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return {
    keys,
    stored: {
      _id: 'dev1',
      sub: 'user-1',
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: keys.auth },
      createdAt: '2026-11-26T10:00:00.000Z',
    },
  };
}

const data = {
  postId: 'p1',
  postTitle: 'Dollap për dhomën',
  businessName: 'Studio Ambient',
  businessId: 'b1',
  price: 1200,
  roomId: 'r1',
  senderName: 'Ana',
  town: 'Tiranë',
  day: '2026-11-25',
  posts: [{ postId: 'p1', title: 'Dollap', town: 'Tiranë' }],
  approved: true,
  amount: 30,
  rating: 5,
};

describe('push payloads', () => {
  it('exist for every kind in Albanian and English, each with its own words and the page a click opens', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const n = { _id: `2026-11-26T10:00:00.000Z_${kind}`, kind, data, link: notificationLink(kind, data) };
      const sq = buildPushPayload(n, 'sq', 'https://app.example');
      const en = buildPushPayload(n, 'en', 'https://app.example');
      for (const p of [sq, en]) {
        expect(p.title.length, kind).toBeGreaterThan(3);
        expect(p.body.length, kind).toBeGreaterThan(3);
        expect(p.url).toBe(`https://app.example${notificationLink(kind, data)}`);
        expect(p.id).toBe(n._id);
        expect(p.kind).toBe(kind);
      }
      expect(sq.lang).toBe('sq');
      expect(en.lang).toBe('en');
      expect(sq.title, `${kind} is the same in both languages`).not.toBe(en.title);
    }
  });

  it('say a new offer with the title, the business and the price in the recipient language', () => {
    const n = { _id: 'n1', kind: 'newOffer' as const, data, link: '/post/view/p1' };
    const sq = buildPushPayload(n, 'sq', 'https://app.example');
    expect(sq.title).toBe('Ofertë e re për „Dollap për dhomën”');
    expect(sq.body).toContain('Studio Ambient');
    expect(sq.body).toMatch(/1[.\s\u202f]?200\s€/);
    expect(sq.url).toBe('https://app.example/post/view/p1');
    expect(buildPushPayload(n, 'en', 'https://app.example').title).toBe('New offer on "Dollap për dhomën"');
  });

  it('stay within what push services carry, however long the title', () => {
    const long = { ...data, postTitle: 'ë'.repeat(2000), description: 'x'.repeat(5000) };
    const p = buildPushPayload({ _id: 'n', kind: 'newOffer', data: long, link: '/post/view/p1' }, 'sq', 'https://a');
    expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(p.url).toBe('https://a/post/view/p1');
  });
});

describe('the push request', () => {
  it('is signed with the VAPID key for the push service origin and encrypted (aes128gcm) so only the device reads it', () => {
    const d = device('https://push.example.net/send/abc');
    const payload = buildPushPayload({ _id: 'n1', kind: 'newOffer', data, link: '/post/view/p1' }, 'en', 'https://a');
    const req = pushRequest(d.stored, payload, vapid);
    const h = req.headers as Record<string, string>;
    expect(req.method).toBe('POST');
    expect(req.endpoint).toBe(d.stored.endpoint);
    expect(h['Content-Encoding']).toBe('aes128gcm');
    expect(Number(h.TTL)).toBe(86_400);
    expect(h.Urgency).toBe('high');
    expect(h.Authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${vapid.publicKey}$`));
    expect(checkVapid(h.Authorization, 'https://push.example.net', vapid.publicKey)).toEqual({
      subject: 'mailto:push@example.com',
    });
    // Another audience or another key is refused: the check can fail.
    expect(checkVapid(h.Authorization, 'https://other.example', vapid.publicKey)).toHaveProperty('error');
    expect(
      checkVapid(h.Authorization, 'https://push.example.net', webpush.generateVAPIDKeys().publicKey),
    ).toHaveProperty('error');
    const body = Buffer.from(req.body as Buffer);
    expect(body.toString('utf8')).not.toContain('New offer');
    expect(JSON.parse(decryptPush(body, d.keys))).toEqual(payload);
    // Another device's keys cannot read it.
    expect(() => decryptPush(body, device('https://x').keys)).toThrow();
  });

  it('asks for normal urgency for kinds that can wait', () => {
    const d = device('https://push.example.net/send/abc');
    const payload = buildPushPayload(
      { _id: 'n2', kind: 'reviewReceived', data, link: '/businessprofile/b1' },
      'sq',
      'https://a',
    );
    expect((pushRequest(d.stored, payload, vapid).headers as Record<string, string>).Urgency).toBe('normal');
  });
});

describe('gone subscriptions', () => {
  let status = 201;
  const received: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    received.push(req);
    req.resume();
    req.on('end', () => {
      res.writeHead(status);
      res.end();
    });
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.PUSH_LOCAL_ORIGIN = origin;
  });
  afterAll(() => {
    delete process.env.PUSH_LOCAL_ORIGIN;
    server.close();
  });
  const payload = buildPushPayload({ _id: 'n1', kind: 'newOffer', data, link: '/post/view/p1' }, 'en', 'https://a');

  it.each([404, 410])('a %i from the push service deletes that subscription', async (code) => {
    status = code;
    ddb.on(DeleteCommand).resolves({ Attributes: {} });
    const d = device(`${origin}/push/dev1`);
    expect(await sendToDevice(d.stored, payload, vapid)).toBe('gone');
    const deletes = ddb.commandCalls(DeleteCommand);
    expect(deletes).toHaveLength(1);
    expect(deletes[0].args[0].input.Key).toEqual({ pk: 'PUSHSUBS#user-1', sk: 'dev1' });
  });

  it('a refusal or an accepted push keeps the subscription', async () => {
    const d = device(`${origin}/push/dev1`);
    status = 201;
    expect(await sendToDevice(d.stored, payload, vapid)).toBe('sent');
    status = 500;
    expect(await sendToDevice(d.stored, payload, vapid)).toBe('failed');
    status = 429;
    expect(await sendToDevice(d.stored, payload, vapid)).toBe('failed');
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('pushes to every device of the user, removing only the gone ones', async () => {
    status = 410;
    const gone = device(`${origin}/push/gone`).stored;
    const refusedHttp = { ...device('http://elsewhere.example/push/x').stored, _id: 'dev2' };
    ddb.on(QueryCommand).resolves({
      Items: [
        { pk: 'PUSHSUBS#user-1', sk: 'dev1', ...gone },
        { pk: 'PUSHSUBS#user-1', sk: 'dev2', ...refusedHttp },
      ],
    });
    ddb.on(DeleteCommand).resolves({ Attributes: {} });
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    try {
      const before = received.length;
      expect(await pushToDevices('user-1', payload)).toEqual({ devices: 2, sent: 0, gone: 1 });
      // An http address that is not the local push endpoint is never called.
      expect(received.length - before).toBe(1);
      expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([
        { pk: 'PUSHSUBS#user-1', sk: 'dev1' },
      ]);
    } finally {
      delete process.env.VAPID_PUBLIC_KEY;
      delete process.env.VAPID_PRIVATE_KEY;
    }
  });
});
