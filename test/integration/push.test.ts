/**
 * Web Push end to end on the local stack: a device subscribed through the API, an offer made
 * through the API, the table's stream, the notifier, web-push's signed and encrypted request, and the
 * local push endpoint that decrypts it with the device's private key. A device its push service calls
 * gone (410) is removed.
 */
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { call, newBusiness, newClient, newOffer, newPost, stack } from '../support/api';
import { waitForEmails } from '../support/mail';
import { waitFor } from '../support/notifications';
import { newDevice, pushes, subscribedDevice, waitForPushes } from '../support/push';

const devicesOf = async (sub: string) => {
  const s = stack();
  const ddb = new DynamoDBClient({
    endpoint: s.dynamoEndpoint,
    region: s.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const out = await ddb.send(
      new QueryCommand({
        TableName: s.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `PUSHSUBS#${sub}` } },
      }),
    );
    return (out.Items ?? []).map((i) => i.sk.S);
  } finally {
    ddb.destroy();
  }
};

describe('Web Push', () => {
  it('answers the VAPID public key the browser subscribes with', async () => {
    const client = await newClient();
    const res = await call('GET', '/notifications/push/key', { token: client.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: stack().push.vapidPublicKey });
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('an offer reaches each of the client devices, decrypted, in the client language, as soon as the email', async () => {
    const client = await newClient({ language: 'en' });
    const phone = await subscribedDevice(client.token, 'phone');
    const laptop = await subscribedDevice(client.token, 'laptop');
    const business = await newBusiness({ businessName: 'Studio Drini' });
    const post = await newPost(client, { title: 'Oak wardrobe' });
    const started = Date.now();
    await newOffer(business, post._id, { price: 800 });

    const [push] = await waitForPushes(phone.device.id);
    const pushMs = Date.now() - started;
    const [email] = await waitForEmails(client.email, /New offer/);
    expect(push.payload).toEqual({
      id: expect.any(String),
      kind: 'newOffer',
      title: 'New offer on "Oak wardrobe"',
      body: expect.stringContaining('Studio Drini'),
      url: `${stack().notifier.appUrl}/post/view/${post._id}`,
      lang: 'en',
    });
    expect(email.subject).toBe('New offer on "Oak wardrobe"');
    expect(push.urgency).toBe('high');
    expect(push.ttl).toBe(86_400);
    expect(push.vapidSubject).toMatch(/^mailto:/);
    expect(pushMs).toBeLessThan(30_000);
    expect((await waitForPushes(laptop.device.id))[0].payload).toEqual(push.payload);
    // Once per device: the stream record is not pushed twice.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await pushes(phone.device.id)).toHaveLength(1);
  });

  it('speaks Albanian to an account that did not choose English', async () => {
    const client = await newClient();
    const { device } = await subscribedDevice(client.token);
    const business = await newBusiness({ businessName: 'Atelier Vlora' });
    const post = await newPost(client, { title: 'Kuzhinë e re' });
    await newOffer(business, post._id, { price: 1500 });
    const [push] = await waitForPushes(device.id);
    expect(push.payload).toMatchObject({ title: 'Ofertë e re për „Kuzhinë e re”', lang: 'sq' });
  });

  it('sends no push for a kind the user turned off for push, and still the email', async () => {
    const client = await newClient({ language: 'en' });
    const { device } = await subscribedDevice(client.token);
    const put = await call('PUT', '/notifications/preferences', {
      token: client.token,
      body: { push: { newOffer: false } },
    });
    expect(put.status).toBe(200);
    expect(put.body.push).toMatchObject({ newOffer: false, offerAccepted: true });
    expect(put.body.emails.newOffer).toBe(true);
    const business = await newBusiness();
    const post = await newPost(client, { title: 'Quiet request' });
    await newOffer(business, post._id, { price: 100 });
    await waitForEmails(client.email, /Quiet request/);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await pushes(device.id)).toEqual([]);
  });

  it('a chat message still unread after the wait is pushed to its recipient with the room to open', async () => {
    const client = await newClient({ username: 'Ana Hoxha' });
    const business = await newBusiness({ businessName: 'Dru Dizajn' });
    const { device } = await subscribedDevice(business.token);
    const room = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: business.businessId, clientId: client.userId },
    });
    const roomId = (room.body.roomId ?? room.body._id) as string;
    const sent = await call('POST', `/chat/rooms/${roomId}/messages`, {
      token: client.token,
      body: { text: 'A private question about the oak table' },
    });
    expect(sent.status).toBe(201);
    const [push] = await waitForPushes(device.id);
    expect(push.payload).toMatchObject({
      kind: 'chatUnread',
      title: 'Mesazh i palexuar nga Ana Hoxha',
      url: `${stack().notifier.appUrl}/chat/${roomId}`,
      lang: 'sq',
    });
    // The message itself stays in the chat: a lock screen shows who wrote, not what.
    expect(JSON.stringify(push.payload)).not.toContain('oak table');
  });

  it('removes a subscription its push service calls gone (410), and keeps the others', async () => {
    const client = await newClient();
    const live = await subscribedDevice(client.token, 'live');
    const old = await subscribedDevice(client.token, 'old');
    expect((await devicesOf(client.sub)).sort()).toEqual([live.stored._id, old.stored._id].sort());
    await fetch(`${stack().push.url}/devices/${old.device.id}/gone`, { method: 'POST' });
    const business = await newBusiness();
    const post = await newPost(client, { title: 'Gone device' });
    await newOffer(business, post._id, { price: 300 });
    await waitForPushes(live.device.id);
    const left = await waitFor(async () => {
      const ids = await devicesOf(client.sub);
      return ids.length === 1 ? ids : undefined;
    });
    expect(left).toEqual([live.stored._id]);
    expect(await pushes(old.device.id)).toEqual([]);
  });

  it('a device unsubscribes with its id; only its own account can remove it', async () => {
    const client = await newClient();
    const other = await newClient();
    const { stored } = await subscribedDevice(client.token);
    expect((await call('DELETE', `/notifications/push/${stored._id}`, { token: other.token })).status).toBe(404);
    const res = await call('DELETE', `/notifications/push/${stored._id}`, { token: client.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Push subscription removed', _id: stored._id });
    expect(await devicesOf(client.sub)).toEqual([]);
    expect((await call('DELETE', `/notifications/push/${stored._id}`, { token: client.token })).status).toBe(404);
  });

  it('refuses an endpoint that is not https (other than the local push endpoint) and malformed keys', async () => {
    const client = await newClient();
    const { subscription } = await newDevice();
    for (const body of [
      { ...subscription, endpoint: 'http://127.0.0.1:1/push/x' },
      { ...subscription, endpoint: 'ftp://push.example/x' },
      { ...subscription, keys: { p256dh: 'not base64!', auth: subscription.keys.auth } },
      { endpoint: subscription.endpoint },
    ]) {
      const res = await call('POST', '/notifications/push', { token: client.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBeDefined();
    }
    expect(await devicesOf(client.sub)).toEqual([]);
  });
});
