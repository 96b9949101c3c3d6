/**
 * Picture uploads in a real browser: a large phone photo is shrunk before it leaves the browser
 * (longest side 2560 px), and a file the server's image processor refuses shows its message at once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { en } from '../../web/src/i18n/catalog/en';
import { photo, truncatedJpeg } from '../support/images';
import { launch, stack, webUrl } from './browser';
import { newClient, signedIn } from './people';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const fileOf = (name: string, body: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pictures-')), name);
  writeFileSync(file, body);
  return file;
};

/** The originals the client uploaded, read from the bucket (signed, as only the server can). */
async function uploadsOf(sub: string): Promise<Buffer[]> {
  const s = stack();
  const s3 = new S3Client({
    endpoint: s.s3Endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const list = await s3.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: `uploads/${sub}/` }));
  return Promise.all(
    (list.Contents ?? []).map(async (o) =>
      Buffer.from(
        await (await s3.send(new GetObjectCommand({ Bucket: s.bucket, Key: o.Key! }))).Body!.transformToByteArray(),
      ),
    ),
  );
}

describe('picture uploads', () => {
  it('a 4032 x 3024 photo is shrunk to 2560 px on its longest side before upload', async () => {
    const client = await newClient();
    const { context, page } = await signedIn(browser, client);
    await page.goto(webUrl('/post/create'));
    await page.locator('#post-images').setInputFiles(fileOf('kitchen.jpg', await photo(4032, 3024)));
    await page.locator('[data-status="done"]').waitFor({ timeout: 30_000 });
    const [original] = await uploadsOf(client.sub);
    const meta = await sharp(original).metadata();
    expect([meta.width, meta.height]).toEqual([2560, 1920]);
    await context.close();
  });

  it('a damaged file is refused with the refusal text of the chosen language', async () => {
    const client = await newClient();
    const { context, page } = await signedIn(browser, client);
    await page.goto(webUrl('/post/create'));
    await page.locator('#post-images').setInputFiles(fileOf('broken.jpg', await truncatedJpeg()));
    await page.locator('[data-status="failed"]').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain(`broken.jpg: ${en['errors.IMAGE_REFUSED']}`);
    await context.close();
  });
});
