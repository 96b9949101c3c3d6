/**
 * The picture budget of a phone (not a timed test: it prints numbers and exits non-zero over budget).
 *   npm run image-budget
 * 1. One phone photo (4032 x 3024 px JPEG of about 4 MB) through the image processor: the size of each
 *    processed width (budget: 1280 px at most 250 KB).
 * 2. A local stack (npm start's, on free ports, throw-away data): the demo client posts 20 requests, each
 *    with such a photo, uploaded as the web app does; Chromium (scripts/lib/chromium.ts) opens the
 *    available-requests page as the demo business on a 390 px wide phone screen (device pixel ratio 3),
 *    scrolls to the end and sums the bytes of the pictures it loaded (budget: 1.5 MB).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { userPoolToken } from './lib/demoSession';
import { processImage } from '../lambdas/images/process';
import { DEMO_ACCOUNTS } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';
import { launchChromium } from './lib/chromium';

process.env.LOG_LEVEL ??= 'silent';

const PAGE_BUDGET = 1.5 * 1024 * 1024;
const WIDTH_BUDGET = { width: 1280, bytes: 250 * 1024 };
const REQUESTS = 20;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** A photo-like 4032 x 3024 JPEG: smooth scene colours plus fine sensor-like texture, about 4 MB. */
async function phonePhoto(): Promise<Buffer> {
  const [W, H] = [4032, 3024];
  const small = await sharp({
    create: {
      width: 126,
      height: 95,
      channels: 3,
      background: { r: 150, g: 130, b: 110 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .raw()
    .toBuffer();
  const px = await sharp(small, { raw: { width: 126, height: 95, channels: 3 } })
    .resize(W, H, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i] + (Math.random() - 0.5) * 32));
  return sharp(px, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function main() {
  let over = false;
  const photo = await phonePhoto();
  console.log(`Phone photo: 4032 x 3024 px, ${kb(photo.length)}`);
  const processed = await processImage(photo);
  if (processed.state !== 'ready') throw new Error(`The processor refused the photo: ${processed.message}`);
  for (const { width, body } of processed.versions) {
    const limit = width === WIDTH_BUDGET.width ? ` (budget ${kb(WIDTH_BUDGET.bytes)})` : '';
    if (width === WIDTH_BUDGET.width && body.length > WIDTH_BUDGET.bytes) over = true;
    console.log(`  ${String(width).padStart(4)} px WebP: ${kb(body.length)}${limit}`);
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'image-budget-'));
  const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: true, seed: true });
  try {
    const [client, business] = ['client', 'business'].map((role) => DEMO_ACCOUNTS.find((a) => a.role === role)!);
    const { token, sub } = await userPoolToken(info, client.email, client.password);
    const api = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(info.apiUrl + route, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const user = await api('GET', `/user/cognito/${sub}`);
    for (let i = 0; i < REQUESTS; i++) {
      const target = await api('POST', '/generatePresignedURL', {
        fileName: `kitchen-${i}.jpg`,
        contentType: 'image/jpeg',
        contentLength: photo.length,
      });
      const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(photo) });
      if (!put.ok) throw new Error(`Upload ${i} answered ${put.status}`);
      await api('POST', '/post', {
        userId: user._id,
        title: `Kitchen photo ${i + 1}`,
        location: 'Tirana',
        images: [target.key],
      });
    }
    console.log(`${REQUESTS} requests posted, each with the photo.`);

    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const pictures = new Map<string, number>();
      page.on('response', async (res) => {
        if (!res.url().startsWith(info.mediaBaseUrl) || res.request().resourceType() !== 'image') return;
        const body = await res.body().catch(() => undefined);
        if (body) pictures.set(res.url(), body.length);
      });
      await page.goto(`${info.webUrl}/login`);
      await page.getByLabel('Email').fill(business.email);
      await page.getByLabel('Password', { exact: true }).fill(business.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/-dashboard$/, { timeout: 30_000 });
      pictures.clear();
      await page.goto(`${info.webUrl}/available-posts`);
      await page.getByTestId('post-card').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const firstScreen = [...pictures.values()].reduce((a, b) => a + b, 0);
      for (let y = 0; y < 20; y++) {
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(150);
      }
      await page.waitForLoadState('networkidle');
      const total = [...pictures.values()].reduce((a, b) => a + b, 0);
      const cards = await page.getByTestId('post-card').count();
      const widths = [...pictures.keys()].map((u) => /\/(\d+)\.webp$/.exec(u)?.[1] ?? '?');
      console.log(`Available requests at 390 px (DPR 3), ${cards} cards on the page:`);
      console.log(
        `  first screen: ${kb(firstScreen)}; after scrolling to the end: ${kb(total)} in ${pictures.size} pictures (widths ${[...new Set(widths)].join(', ')}) (budget ${kb(PAGE_BUDGET)})`,
      );
      console.log(`  the originals would have been ${kb(photo.length * pictures.size)}`);
      if (total > PAGE_BUDGET) over = true;
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(over ? 'OVER BUDGET' : 'Within budget.');
  process.exitCode = over ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
