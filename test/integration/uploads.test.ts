/** POST /generatePresignedURL, then the PUT to the storage emulator and the CDN address of the key. */
import { describe, expect, it } from 'vitest';
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { call, newAccount, newBusiness, newClient, stack, type Account } from '../support/api';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Uploads `png` the way the web app does: presigned URL, then a PUT with exactly the returned headers. */
async function upload(account: Pick<Account, 'idToken'>) {
  const res = await call('POST', '/generatePresignedURL', {
    token: account.idToken, body: { fileName: 'room.png', contentType: 'image/png', contentLength: png.length },
  });
  expect(res.status).toBe(200);
  const put = await fetch(res.body.url, { method: 'PUT', headers: res.body.headers, body: png });
  expect(put.status).toBe(200);
  return res.body.key as string;
}

let s3: S3Client | undefined;
/** The object's tags in the local bucket, as `key=value` strings. */
async function tagsOf(key: string) {
  const s = stack();
  s3 ??= new S3Client({ endpoint: s.s3Endpoint, region: s.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const out = await s3.send(new GetObjectTaggingCommand({ Bucket: s.bucket, Key: key }));
  return (out.TagSet ?? []).map((t) => `${t.Key}=${t.Value}`);
}

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

describe('pending uploads (the media bucket expires those still tagged upload=pending)', () => {
  it('stores every upload tagged pending; saving a post with it takes the tag off, an unused upload keeps it', async () => {
    const client = await newClient();
    const used = await upload(client);
    const unused = await upload(client);
    expect(await tagsOf(used)).toEqual(['upload=pending']);

    const post = await call('POST', '/post', { token: client.token, body: { userId: client.userId, title: 'Tiles', location: 'Tirana', images: [used] } });
    expect(post.status).toBe(201);
    expect(await tagsOf(used)).toEqual([]);
    expect(await tagsOf(unused)).toEqual(['upload=pending']);
    // Still served: untagging keeps the picture.
    expect((await fetch(stack().mediaBaseUrl + used)).status).toBe(200);
  });

  it('a new profile picture and new showroom images are untagged; a refused save untags nothing', async () => {
    const business = await newBusiness();
    const [logo, room, foreignTry] = [await upload(business), await upload(business), await upload(business)];
    const saved = await call('PUT', `/business/${business.businessId}`, { token: business.token, body: { profilePicture: logo, showroom: [room] } });
    expect(saved.status).toBe(200);
    expect([await tagsOf(logo), await tagsOf(room)]).toEqual([[], []]);

    // Another business may not use this upload: 400, and the upload stays pending.
    const other = await newBusiness();
    const refused = await call('PUT', `/business/${other.businessId}`, { token: other.token, body: { showroom: [foreignTry] } });
    expect(refused.status).toBe(400);
    expect(await tagsOf(foreignTry)).toEqual(['upload=pending']);
  });

  it('a PUT that leaves out the signed tag header is refused, as S3 refuses it', async () => {
    const client = await newAccount('client');
    const res = await call('POST', '/generatePresignedURL', { token: client.idToken, body: { contentType: 'image/png', contentLength: png.length } });
    const put = await fetch(res.body.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect(put.status).toBe(403);
  });
});
