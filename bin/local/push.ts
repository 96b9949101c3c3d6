/**
 * The local push endpoint of Web Push: what a phone's push service is in the cloud, on this machine. It
 * makes "devices" (a P-256 key pair and an auth secret each, kept in the data folder, as a browser keeps
 * them), whose subscriptions the API stores like a browser's; it accepts what the notifier posts to them,
 * checks the VAPID signature (RFC 8292) against this stack's key, decrypts the body with the device's
 * private key (RFC 8291, `aes128gcm`) and lists every message like the mail inbox does:
 *
 * - GET  /               a page of the messages received, newest first
 * - GET  /messages       the same as JSON (`DELETE /messages` empties the list)
 * - POST /devices        {label?} -> a new device and its subscription ({endpoint, keys}) to give POST /notifications/push
 * - GET  /devices        the devices (their subscriptions)
 * - POST /devices/{id}/gone   from now on the device answers 410 Gone, as a push service does for an expired subscription
 * - POST /push/{id}      where the notifier sends (201 when taken; 404 unknown, 410 gone, 401 bad VAPID, 400 undecryptable)
 *
 * `npm start` gives each demo account one device (bin/local/stack.ts), so a demo offer shows up here.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { decrypt } from 'http_ece';
import webpush from 'web-push';
import type { PushPayload } from '../../common/push';
import type { VapidKeys } from '../../lambdas/notify/vapid';

export interface LocalPushDevice {
  id: string;
  label: string;
  createdAt: string;
  /** Base64url: the raw private key (32 bytes), the public key (65 bytes, uncompressed) and the auth secret (16 bytes). */
  privateKey: string;
  publicKey: string;
  auth: string;
  gone?: boolean;
}

export interface ReceivedPush {
  id: string;
  deviceId: string;
  deviceLabel: string;
  receivedAt: string;
  /** The request's TTL, Urgency and Topic headers. */
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The VAPID subject (sub claim) of the signed request. */
  vapidSubject: string;
  /** The decrypted body (the notifier sends JSON: PushPayload). */
  payload: PushPayload | string;
}

export interface LocalPushEndpoint {
  /** The endpoint's origin (http://127.0.0.1:port): its page, JSON and device endpoints are under it. */
  url: string;
  createDevice(label: string): LocalPushDevice;
  subscriptionOf(device: LocalPushDevice): { endpoint: string; keys: { p256dh: string; auth: string } };
  devices(): LocalPushDevice[];
  stop(): Promise<void>;
}

/** The stack's VAPID key pair, kept in `file` (made on the first start, never in the repository). */
export function ensureLocalVapidKeys(file: string): VapidKeys {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    writeFileSync(file, JSON.stringify({ publicKey, privateKey, subject: 'mailto:no-reply@marketplace.local' }), {
      mode: 0o600,
    });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: signed ES256 by `expectedKey`, for this origin, not expired. */
export function checkVapid(
  header: string | undefined,
  audience: string,
  expectedKey: string,
  now = Date.now(),
): { subject: string } | { error: string } {
  const m = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { error: 'no VAPID authorization' };
  const [, token, key] = m;
  if (key !== expectedKey) return { error: 'signed with another VAPID key' };
  const [h, p, sig] = token.split('.');
  if (!h || !p || !sig) return { error: 'malformed JWT' };
  const raw = b64(key);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, b64(sig));
  if (!ok) return { error: 'bad signature' };
  const header0 = JSON.parse(b64(h).toString('utf8')) as { alg?: string };
  const claims = JSON.parse(b64(p).toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (header0.alg !== 'ES256') return { error: 'not ES256' };
  if (claims.aud !== audience) return { error: `audience ${claims.aud} is not ${audience}` };
  if (!claims.exp || claims.exp * 1000 < now || claims.exp * 1000 > now + 24 * 3600_000)
    return { error: 'expired or too long-lived' };
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return { error: 'no subject' };
  return { subject: claims.sub };
}

/** Decrypts an `aes128gcm` push body with the device's keys. */
export function decryptPush(body: Buffer, device: Pick<LocalPushDevice, 'privateKey' | 'auth'>): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(b64(device.privateKey));
  return decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: b64(device.auth) }).toString('utf8');
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function startPushEndpoint(opts: {
  port: number;
  dataDir: string;
  vapidPublicKey: string;
}): Promise<LocalPushEndpoint> {
  mkdirSync(opts.dataDir, { recursive: true });
  const devicesFile = path.join(opts.dataDir, 'devices.json');
  const messagesFile = path.join(opts.dataDir, 'messages.jsonl');
  const url = `http://127.0.0.1:${opts.port}`;
  const devices: LocalPushDevice[] = existsSync(devicesFile)
    ? (JSON.parse(readFileSync(devicesFile, 'utf8')) as LocalPushDevice[])
    : [];
  const saveDevices = () => writeFileSync(devicesFile, JSON.stringify(devices, null, 2), { mode: 0o600 });
  const messages = (): ReceivedPush[] =>
    existsSync(messagesFile)
      ? readFileSync(messagesFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as ReceivedPush)
      : [];

  const createDevice = (label: string): LocalPushDevice => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device: LocalPushDevice = {
      id: randomUUID(),
      label: label.slice(0, 100) || 'Local device',
      createdAt: new Date().toISOString(),
      privateKey: ecdh.getPrivateKey().toString('base64url'),
      publicKey: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    devices.push(device);
    saveDevices();
    return device;
  };
  const subscriptionOf = (d: LocalPushDevice) => ({
    endpoint: `${url}/push/${d.id}`,
    keys: { p256dh: d.publicKey, auth: d.auth },
  });

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body, null, 2));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 8192) req.destroy(new Error('too large'));
        else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const receive = async (req: IncomingMessage, res: ServerResponse, id: string) => {
    const device = devices.find((d) => d.id === id);
    const body = await readBody(req);
    if (!device) return json(res, 404, { error: 'no such subscription' });
    if (device.gone) return json(res, 410, { error: 'this subscription is gone' });
    const vapid = checkVapid(req.headers.authorization, url, opts.vapidPublicKey);
    if ('error' in vapid) return json(res, 401, { error: vapid.error });
    if (req.headers['content-encoding'] !== 'aes128gcm') return json(res, 415, { error: 'not aes128gcm' });
    let text: string;
    try {
      text = decryptPush(body, device);
    } catch (err) {
      return json(res, 400, { error: `cannot decrypt: ${(err as Error).message}` });
    }
    let payload: PushPayload | string = text;
    try {
      payload = JSON.parse(text) as PushPayload;
    } catch {
      /* kept as text */
    }
    const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
    const message: ReceivedPush = {
      id: randomUUID(),
      deviceId: device.id,
      deviceLabel: device.label,
      receivedAt: new Date().toISOString(),
      ttl: header('ttl') === null ? null : Number(header('ttl')),
      urgency: header('urgency'),
      topic: header('topic'),
      vapidSubject: vapid.subject,
      payload,
    };
    appendFileSync(messagesFile, `${JSON.stringify(message)}\n`);
    res.writeHead(201, { location: `${url}/messages/${message.id}` });
    res.end();
  };

  const page = () => {
    const list = messages().reverse();
    const rows = list
      .map((m) => {
        const p = typeof m.payload === 'string' ? { title: m.payload, body: '', url: '' } : m.payload;
        return `<li><strong>${escape(p.title)}</strong><br>${escape(p.body)}<br>${p.url ? `<a href="${escape(p.url)}">${escape(p.url)}</a><br>` : ''}<small>${escape(m.deviceLabel)} · ${escape(m.receivedAt)} · urgency ${escape(m.urgency ?? '-')} · TTL ${m.ttl ?? '-'} s · VAPID ${escape(m.vapidSubject)}</small></li>`;
      })
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="5"><title>Local push endpoint</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 12px}li{margin:0 0 16px}small{color:#666}</style></head>
<body><h1>Local push endpoint</h1><p>Every Web Push the notifier sent to a local device, decrypted (${list.length}). JSON: <a href="/messages">/messages</a>, devices: <a href="/devices">/devices</a>. The page reloads every 5 s.</p>
<ul>${rows || '<li>No push yet: make an offer on a demo request.</li>'}</ul></body></html>`;
  };

  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', url);
    const parts = u.pathname.split('/').filter(Boolean);
    const run = async () => {
      if (req.method === 'POST' && parts[0] === 'push' && parts.length === 2) return receive(req, res, parts[1]);
      if (req.method === 'GET' && u.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page());
      }
      if (req.method === 'GET' && u.pathname === '/messages') return json(res, 200, messages());
      if (req.method === 'DELETE' && u.pathname === '/messages') {
        writeFileSync(messagesFile, '');
        return json(res, 200, { deleted: true });
      }
      if (req.method === 'GET' && u.pathname === '/devices')
        return json(
          res,
          200,
          devices.map((d) => ({ id: d.id, label: d.label, gone: Boolean(d.gone), subscription: subscriptionOf(d) })),
        );
      if (req.method === 'POST' && u.pathname === '/devices') {
        const raw = (await readBody(req)).toString('utf8');
        const label = raw ? String((JSON.parse(raw) as { label?: unknown }).label ?? '') : '';
        const d = createDevice(label);
        return json(res, 201, { id: d.id, label: d.label, subscription: subscriptionOf(d) });
      }
      if (req.method === 'POST' && parts[0] === 'devices' && parts[2] === 'gone' && parts.length === 3) {
        const d = devices.find((x) => x.id === parts[1]);
        if (!d) return json(res, 404, { error: 'no such device' });
        d.gone = true;
        saveDevices();
        return json(res, 200, { id: d.id, gone: true });
      }
      return json(res, 404, { error: 'not found' });
    };
    run().catch((err) => {
      if (!res.headersSent) json(res, 500, { error: (err as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    url,
    createDevice,
    subscriptionOf,
    devices: () => devices,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
