/**
 * The README's pictures of the product, in Albanian at 1280 px wide (`npm run screenshots:readme`).
 *
 * It starts a throw-away local stack with the demo data and the web app (as the browser tests do: free ports, a
 * temporary data folder, bin/local/stack.ts), drives Chromium (scripts/lib/chromium.ts) with an Albanian browser
 * (locale sq-AL) and writes the first screen of each page below to docs/images/, as PNG. The demo data is used
 * rather than the browser tests' screenshots, whose records carry generated names ("Mobileri Teuta gofbll").
 * Run it after a change a visitor would see on these pages, look at the pictures, and commit them.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_POSTS } from '../common/demoData';
import { randomPorts, startLocalStack, type StackInfo } from '../bin/local/stack';
import { launchChromium } from './lib/chromium';
import { demoApi, signInThroughLoginScreen, type DemoRole } from './lib/demoSession';

process.env.LOG_LEVEL ??= 'silent';

const OUT_DIR = path.resolve('docs/images');
const WIDTH = 1280;
const HEIGHT = 800;

/** Every picture the README shows: its file under docs/images/ and how to reach the screen. */
interface Shot {
  file: string;
  /** Who is signed in (a demo account's role), none for a visitor. */
  as?: DemoRole;
  /** The page's path (after signing in, when `as` is given). */
  path: (stack: StackInfo) => Promise<string>;
  /** What must be on the screen before it is taken. */
  ready?: (page: Page) => Promise<void>;
  /** The window's height when the first screen should show more than 800 px. */
  height?: number;
}

/** The demo client's living-room request, which has three itemised offers waiting for an answer. */
const REQUEST_WITH_OFFERS = DEMO_POSTS[0].title;

const SHOTS: Shot[] = [
  { file: 'landing-sq.png', path: async () => '/' },
  {
    file: 'request-offers-sq.png',
    as: 'client',
    height: 1000,
    path: async (stack) => `/post/view/${await demoPostId(stack, REQUEST_WITH_OFFERS)}`,
    ready: (page) => page.getByTestId('offer-card').nth(2).waitFor(),
  },
  { file: 'business-dashboard-sq.png', as: 'business', path: async () => '/business-dashboard' },
];

/** The id of one of the demo client's requests, by its title (asked of the API as the demo client). */
async function demoPostId(stack: StackInfo, title: string): Promise<string> {
  const client = await demoApi(stack, 'client');
  const user = await client.get<{ _id: string }>(`/user/cognito/${client.sub}`);
  const posts = await client.get<{ _id: string; title: string }[]>(`/post/user/${user._id}?limit=100`);
  const post = posts.find((p) => p.title === title);
  if (!post) throw new Error(`The demo client has no request titled "${title}"`);
  return post._id;
}

/** Waits until the page has drawn what it loads: data, pictures and fonts. */
async function settled(page: Page) {
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((img) => !img.complete)
        .map((img) => new Promise((r) => (img.onload = img.onerror = r))),
    );
  });
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readme-screenshots-'));
  const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: true, seed: true });
  const browser = await launchChromium();
  try {
    const webUrl = info.webUrl!;
    for (const shot of SHOTS) {
      const viewport = { width: WIDTH, height: shot.height ?? HEIGHT };
      const context = await browser.newContext({ viewport, locale: 'sq-AL' });
      try {
        const page = await context.newPage();
        if (shot.as) await signInThroughLoginScreen(page, webUrl, shot.as);
        await page.goto(webUrl + (await shot.path(info)));
        await settled(page);
        await shot.ready?.(page);
        await settled(page);
        const png = await page.screenshot({ fullPage: false });
        const file = path.join(OUT_DIR, shot.file);
        await sharp(png).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
        console.log(`${path.relative(process.cwd(), file)}: ${viewport.width} x ${viewport.height}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
