/** The local push endpoint (bin/local/push.ts, stack info `push.url`) as integration tests use it. */
import type { ReceivedPush } from '../../bin/local/push';
import { call, stack } from './api';
import { waitFor } from './notifications';

/** A new local device: its subscription is what a browser's PushSubscription.toJSON() gives. */
export async function newDevice(label = 'test device') {
  const res = await fetch(`${stack().push.url}/devices`, { method: 'POST', body: JSON.stringify({ label }) });
  if (res.status !== 201) throw new Error(`POST /devices answered ${res.status}`);
  return (await res.json()) as {
    id: string;
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  };
}

/** A new device subscribed through the API for the account of `token`; answers the device and the stored id. */
export async function subscribedDevice(token: string, label?: string) {
  const device = await newDevice(label);
  const res = await call('POST', '/notifications/push', { token, body: device.subscription });
  if (res.status !== 200)
    throw new Error(`POST /notifications/push answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { device, stored: res.body as { _id: string; createdAt: string } };
}

export async function pushes(deviceId?: string): Promise<ReceivedPush[]> {
  const res = await fetch(`${stack().push.url}/messages`);
  const all = (await res.json()) as ReceivedPush[];
  return deviceId ? all.filter((m) => m.deviceId === deviceId) : all;
}

/** Waits until the device has at least `count` pushes (30 s, as the emails). */
export const waitForPushes = (deviceId: string, count = 1, timeoutMs = 30_000) =>
  waitFor(async () => {
    const got = await pushes(deviceId);
    return got.length >= count ? got : undefined;
  }, timeoutMs);
