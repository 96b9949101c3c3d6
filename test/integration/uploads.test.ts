/** POST /generatePresignedURL, then the PUT to the storage emulator and the CDN address of the key. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  DeleteObjectsCommand,
  GetObjectTaggingCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, imageSources, imageStateKey, processedKey } from '../../common/images';
import { handler as processorHandler } from '../../lambdas/images/processUpload';
import { IMAGE_REFUSALS } from '../../lambdas/images/process';
import { call, newAccount, newBusiness, newClient, stack, uploadPicture, type Account } from '../support/api';
import { animatedWebp, bombPng, cmykJpeg, gpsJpeg, metadataLeft, notAnImage, truncatedJpeg } from '../support/images';

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08050' } })
  .png()
  .toBuffer();

const upload = (account: Pick<Account, 'idToken'>, file = png, contentType = 'image/png') =>
  uploadPicture(account, file, contentType);

/** Every address of every width of a picture address the API handed out. */
const everyWidth = (address: string) =>
  imageSources(address)
    .srcSet!.split(', ')
    .map((s) => s.split(' ')[0]);
const bytesOf = async (address: string) => {
  const res = await fetch(address);
  expect(res.status, address).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

/** A client of the test stack's S3 emulator; `maxAttempts: 1` shows its first answer (no retry). */
const storageClient = (options: { maxAttempts?: number } = {}) =>
  new S3Client({
    endpoint: stack().s3Endpoint,
    region: stack().region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    ...options,
  });

let s3: S3Client | undefined;
/** The object's tags in the local bucket, as `key=value` strings. */
async function tagsOf(key: string) {
  const s = stack();
  s3 ??= storageClient();
  const out = await s3.send(new GetObjectTaggingCommand({ Bucket: s.bucket, Key: key }));
  return (out.TagSet ?? []).map((t) => `${t.Key}=${t.Value}`);
}

describe('POST /generatePresignedURL', () => {
  it("gives a short-lived PUT under the caller's prefix; the processed picture is served, the original is not", async () => {
    const client = await newClient();
    const res = await call('POST', '/generatePresignedURL', {
      token: client.token,
      body: { fileName: 'kitchen.png', contentType: 'image/png', contentLength: png.length },
    });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(new RegExp(`^uploads/${client.sub}/[0-9a-f-]{36}\\.png$`));
    expect(res.body.method).toBe('PUT');
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect([...url.searchParams.keys()].some((k) => /checksum/i.test(k))).toBe(false);

    const put = await fetch(res.body.url, { method: 'PUT', headers: res.body.headers, body: new Uint8Array(png) });
    expect(put.status).toBe(200);
    // The key works as a post image and comes back as the address of its processed version.
    const post = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'With photo', location: 'Tirana', images: [res.body.key] },
    });
    expect(post.status).toBe(201);
    expect(post.body.images).toEqual([stack().mediaBaseUrl + processedKey(res.body.key, DEFAULT_IMAGE_WIDTH)]);
    expect((await sharp(await bytesOf(post.body.images[0])).metadata()).format).toBe('webp');
    // The original is not served to anyone (as the CDN serves only images/).
    expect((await fetch(stack().mediaBaseUrl + res.body.key)).status).toBe(403);
  });

  it("GET /upload/state answers processing (200), then the processor's verdict; another user's upload is 404", async () => {
    const client = await newClient();
    const signed = await call('POST', '/generatePresignedURL', {
      token: client.token,
      body: { fileName: 'kitchen.png', contentType: 'image/png', contentLength: png.length },
    });
    const key = signed.body.key as string;
    const stateOf = (token: string, k = key) => call('GET', `/upload/state?key=${encodeURIComponent(k)}`, { token });
    // Not uploaded yet: nothing is processed, and that is an answer, not a missing file.
    expect(await stateOf(client.token)).toMatchObject({ status: 200, body: { state: 'processing' } });
    await fetch(signed.body.url, { method: 'PUT', headers: signed.body.headers, body: new Uint8Array(png) });
    await expect
      .poll(async () => (await stateOf(client.token)).body, { timeout: 15_000 })
      .toEqual({ state: 'ready', width: 8, height: 8 });

    const refused = await upload(client, notAnImage(), 'image/jpeg');
    await expect
      .poll(async () => (await stateOf(client.token, refused)).body.state, { timeout: 15_000 })
      .toBe('failed');
    expect((await stateOf(client.token, refused)).body.message).toBe(IMAGE_REFUSALS.notAnImage);

    const other = await newClient();
    expect(await stateOf(other.token)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await stateOf(client.token, `uploads/${client.sub}/..`)).toMatchObject({ status: 404 });
    expect((await stateOf(client.token, '')).status).toBe(400);
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
    const ok = await call('POST', '/generatePresignedURL', {
      token: acc.idToken,
      body: { fileName: 'x.jpg', contentType: 'image/jpeg', contentLength: 5 * 1024 * 1024 },
    });
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

    const post = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'Tiles', location: 'Tirana', images: [used] },
    });
    expect(post.status).toBe(201);
    expect(await tagsOf(used)).toEqual([]);
    expect(await tagsOf(unused)).toEqual(['upload=pending']);
    // Still served: untagging keeps the picture.
    expect((await fetch(post.body.images[0])).status).toBe(200);
  });

  it('a new profile picture and new showroom images are untagged; a refused save untags nothing', async () => {
    const business = await newBusiness();
    const [logo, room, foreignTry] = [await upload(business), await upload(business), await upload(business)];
    const saved = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { profilePicture: logo, showroom: [room] },
    });
    expect(saved.status).toBe(200);
    expect([await tagsOf(logo), await tagsOf(room)]).toEqual([[], []]);

    // Another business may not use this upload: 400, and the upload stays pending.
    const other = await newBusiness();
    const refused = await call('PUT', `/business/${other.businessId}`, {
      token: other.token,
      body: { showroom: [foreignTry] },
    });
    expect(refused.status).toBe(400);
    expect(await tagsOf(foreignTry)).toEqual(['upload=pending']);
  });

  it('a replaced profile picture and a removed showroom picture expire; the ones still shown do not', async () => {
    const business = await newBusiness();
    const [logo, newLogo, kept, removed] = [
      await upload(business),
      await upload(business),
      await upload(business),
      await upload(business),
    ];
    const put = (body: Record<string, unknown>) =>
      call('PUT', `/business/${business.businessId}`, { token: business.token, body });
    expect((await put({ profilePicture: logo, showroom: [kept, removed] })).status).toBe(200);
    expect((await put({ profilePicture: newLogo, showroom: [kept] })).status).toBe(200);
    expect(await tagsOf(logo)).toEqual(['upload=pending']);
    expect(await tagsOf(removed)).toEqual(['upload=pending']);
    expect([await tagsOf(newLogo), await tagsOf(kept)]).toEqual([[], []]);

    const client = await newClient();
    const [avatar, nextAvatar] = [await upload(client), await upload(client)];
    const putUser = (profilePicture: string | null) =>
      call('PUT', `/user/${client.userId}`, { token: client.token, body: { profilePicture } });
    expect((await putUser(avatar)).status).toBe(200);
    expect((await putUser(nextAvatar)).status).toBe(200);
    expect([await tagsOf(avatar), await tagsOf(nextAvatar)]).toEqual([['upload=pending'], []]);
    expect((await putUser(null)).status).toBe(200);
    expect(await tagsOf(nextAvatar)).toEqual(['upload=pending']);
  });

  it("a deleted request's pictures expire, except one another request still uses", async () => {
    const client = await newClient();
    const [shared, own] = [await upload(client), await upload(client)];
    const create = (images: string[]) =>
      call('POST', '/post', {
        token: client.token,
        body: { userId: client.userId, title: 'Kitchen', location: 'Tirana', images },
      });
    const first = await create([shared, own]);
    const second = await create([shared]);
    expect([first.status, second.status]).toEqual([201, 201]);

    expect((await call('DELETE', `/post/${first.body._id}`, { token: client.token })).status).toBe(200);
    expect(await tagsOf(own)).toEqual(['upload=pending']);
    expect(await tagsOf(shared)).toEqual([]);
    expect((await fetch(second.body.images[0])).status).toBe(200);

    expect((await call('DELETE', `/post/${second.body._id}`, { token: client.token })).status).toBe(200);
    expect(await tagsOf(shared)).toEqual(['upload=pending']);
  });

  it('a refused delete releases nothing', async () => {
    const client = await newClient();
    const picture = await upload(client);
    const post = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'Floor', location: 'Tirana', images: [picture] },
    });
    const stranger = await newClient();
    expect((await call('DELETE', `/post/${post.body._id}`, { token: stranger.token })).status).toBe(403);
    expect(await tagsOf(picture)).toEqual([]);
  });

  it('when an expired upload is deleted by the lifecycle rule, its processed versions go with it', async () => {
    const client = await newClient();
    const picture = await upload(client);
    const s = stack();
    const versions = [...IMAGE_WIDTHS.map((w) => processedKey(picture, w)), imageStateKey(picture)];
    // Processed as the upload arrived (the state file is written last).
    await expect
      .poll(async () => (await fetch(s.mediaBaseUrl + imageStateKey(picture))).status, { timeout: 15_000 })
      .toBe(200);
    for (const key of versions) expect((await fetch(s.mediaBaseUrl + key)).status, key).toBe(200);
    // The event S3 sends when the lifecycle rule deletes the upload (locally nothing expires by itself),
    // handled by the processor in this process against the local bucket.
    Object.assign(process.env, {
      MEDIA_BUCKET: s.bucket,
      S3_ENDPOINT: s.s3Endpoint,
      AWS_REGION: s.region,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    await processorHandler({
      Records: [
        {
          eventName: 'LifecycleExpiration:Delete',
          s3: { bucket: { name: s.bucket }, object: { key: encodeURIComponent(picture) } },
        },
      ],
    } as unknown as S3Event);
    for (const key of versions) expect((await fetch(s.mediaBaseUrl + key)).status, key).toBe(404);
  });

  it('a PUT that leaves out the signed tag header is refused, as S3 refuses it', async () => {
    const client = await newAccount('client');
    const res = await call('POST', '/generatePresignedURL', {
      token: client.idToken,
      body: { contentType: 'image/png', contentLength: png.length },
    });
    const put = await fetch(res.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(403);
  });
});

describe('uploaded pictures are processed before anyone sees them', () => {
  it('a phone photo with GPS and camera EXIF is served at every width with no metadata, upright', async () => {
    const client = await newClient();
    const photo = await gpsJpeg();
    expect(await metadataLeft(photo)).toEqual(expect.arrayContaining(['exif', 'PhoneMaker']));
    const key = await upload(client, photo, 'image/jpeg');
    const post = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'Kitchen', location: 'Tirana', images: [key] },
    });
    expect(post.status).toBe(201);
    const read = await call('GET', `/post/${post.body._id}`, { token: (await newBusiness()).token });
    const handedOut = [...post.body.images, ...read.body.images] as string[];
    expect(handedOut.length).toBe(2);
    for (const address of handedOut.flatMap(everyWidth)) {
      const body = await bytesOf(address);
      expect(await metadataLeft(body), address).toEqual([]);
      const meta = await sharp(body).metadata();
      expect(meta.height! > meta.width!, 'orientation applied').toBe(true);
    }
    expect((await fetch(stack().mediaBaseUrl + key)).status).toBe(403);
  });

  it('a CMYK JPEG is converted to sRGB and used', async () => {
    const client = await newClient();
    const key = await upload(client, await cmykJpeg(), 'image/jpeg');
    const post = await call('POST', '/post', {
      token: client.token,
      body: { userId: client.userId, title: 'Print', location: 'Durrës', images: [key] },
    });
    expect(post.status).toBe(201);
    expect((await sharp(await bytesOf(post.body.images[0])).metadata()).space).toBe('srgb');
  });

  const refused: [string, () => Buffer | Promise<Buffer>, string, string][] = [
    ['a file that claims to be a JPEG and is not', notAnImage, 'image/jpeg', IMAGE_REFUSALS.notAnImage],
    ['a truncated JPEG', truncatedJpeg, 'image/jpeg', IMAGE_REFUSALS.damaged],
    ['a decompression bomb (30,000 x 30,000 PNG)', bombPng, 'image/png', IMAGE_REFUSALS.tooLarge],
    ['an animated WebP', animatedWebp, 'image/webp', IMAGE_REFUSALS.animated],
  ];
  it.each(refused)(
    '%s is refused with a message when saved, and no record points at it',
    async (_name, make, type, message) => {
      const client = await newClient();
      const key = await upload(client, await make(), type);
      const post = await call('POST', '/post', {
        token: client.token,
        body: { userId: client.userId, title: 'Bad picture', location: 'Tirana', images: [key] },
      });
      expect(post.status).toBe(400);
      expect(post.body.errors).toEqual([{ field: 'images.0', message, code: 'IMAGE_REFUSED' }]);
      const mine = await call('GET', `/post/user/${client.userId}`, { token: client.token });
      expect(JSON.stringify(mine.body)).not.toContain('Bad picture');
      // The stack is still up and processes the next picture.
      const good = await upload(client);
      expect(
        (
          await call('POST', '/post', {
            token: client.token,
            body: { userId: client.userId, title: 'Good', location: 'Tirana', images: [good] },
          })
        ).status,
      ).toBe(201);
    },
  );
});

describe('the local storage emulator', () => {
  it('deletes every picture of a folder in one request, as an erasure does: answered, none left (no retry)', async () => {
    const s = stack();
    const once = storageClient({ maxAttempts: 1 });
    const prefix = `processed/erasure-${Date.now()}/`;
    const keys = Array.from({ length: 12 }, (_, i) => `${prefix}picture-${i}/480.webp`);
    for (const Key of keys) await once.send(new PutObjectCommand({ Bucket: s.bucket, Key, Body: 'x' }));
    await once.send(
      new DeleteObjectsCommand({ Bucket: s.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const left = await once.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: prefix }));
    expect(left.Contents ?? []).toEqual([]);
  });

  it('lists a prefix page by page with continuation tokens, as S3 does past 1,000 keys (no retry)', async () => {
    const s = stack();
    const once = storageClient({ maxAttempts: 1 });
    const prefix = `processed/listing-${Date.now()}/`;
    const keys = Array.from({ length: 25 }, (_, i) => `${prefix}picture-${String(i).padStart(2, '0')}/480.webp`);
    for (const Key of keys) await once.send(new PutObjectCommand({ Bucket: s.bucket, Key, Body: 'x' }));
    const listed: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await once.send(
        new ListObjectsV2Command({ Bucket: s.bucket, Prefix: prefix, MaxKeys: 10, ContinuationToken: token }),
      );
      listed.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
      pages++;
    } while (token && pages < 10);
    expect(pages).toBe(3);
    expect(listed).toEqual(keys);
    await once.send(
      new DeleteObjectsCommand({ Bucket: s.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
  });
});
