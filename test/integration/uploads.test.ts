/** POST /generatePresignedURL, then the PUT to the storage emulator and the CDN address of the key. */
import { describe, expect, it } from 'vitest';
import { call, newAccount, newClient, stack } from '../support/api';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('POST /generatePresignedURL', () => {
  it('gives a short-lived PUT under the caller\'s prefix; the uploaded image is served at base + key', async () => {
    const client = await newClient();
    const res = await call('POST', '/generatePresignedURL', {
      token: client.token, body: { fileName: 'kitchen.png', contentType: 'image/png', contentLength: png.length },
    });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(new RegExp(`^uploads/${client.sub}/[0-9a-f-]{36}\\.png$`));
    expect(res.body.method).toBe('PUT');
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect([...url.searchParams.keys()].some((k) => /checksum/i.test(k))).toBe(false);

    const put = await fetch(res.body.url, { method: 'PUT', headers: res.body.headers, body: png });
    expect(put.status).toBe(200);
    const served = await fetch(stack().mediaBaseUrl + res.body.key);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // The key works as a post image and comes back as the same address.
    const post = await call('POST', '/post', { token: client.token, body: { userId: client.userId, title: 'With photo', location: 'Tirana', images: [res.body.key] } });
    expect(post.body.images).toEqual([stack().mediaBaseUrl + res.body.key]);
  });

  it('refuses other types, empty and oversized files, naming the field', async () => {
    const acc = await newAccount('business');
    const cases: [Record<string, unknown>, string][] = [
      [{ contentType: 'image/gif', contentLength: 100 }, 'contentType'],
      [{ contentType: 'text/html', contentLength: 100 }, 'contentType'],
      [{ contentType: 'image/jpeg', contentLength: 0 }, 'contentLength'],
      [{ contentType: 'image/jpeg', contentLength: 5 * 1024 * 1024 + 1 }, 'contentLength'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/generatePresignedURL', { token: acc.idToken, body: { fileName: 'x', ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
    const ok = await call('POST', '/generatePresignedURL', { token: acc.idToken, body: { fileName: 'x.jpg', contentType: 'image/jpeg', contentLength: 5 * 1024 * 1024 } });
    expect(ok.status).toBe(200);
    expect(ok.body.key.startsWith(`uploads/${acc.sub}/`)).toBe(true);
  });
});
