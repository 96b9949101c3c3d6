/**
 * Lighthouse figures (a figure, not a timed test): performance, accessibility, best practices and SEO, mobile
 * (Lighthouse's default: a mid-range phone on a slow 4G link, simulated), for the landing page in both languages
 * (`/`, `/en/`), a business profile, a service x town page, the ideas (`/ide`, `/en/ideas`) and an idea's page, and
 * the app's entry: the sign-in screen `/login` in
 * Albanian and in English. The app speaks the browser's language (web/src/i18n/languages.ts: no stored choice on a
 * first visit), so each language's pages are audited in a Chromium started in that language (`--lang`).
 *
 *   npm run lighthouse              # one run per page
 *   npm run lighthouse -- --runs=5  # the median of five runs per page (a busy machine moves the figures)
 *   npm run lighthouse -- --only=sign-in   # the pages whose name contains this
 *
 * It builds the web app for production (as `npm run build:web`) and starts a throw-away local stack with the demo
 * data (bin/local/stack.ts, as `WEB=build npm start` starts it) whose web port answers the way the CDN does
 * (bin/local/webBuild.ts, compressed as CloudFront compresses): the public paths (common/publicPages.ts) from the
 * site handler (lambdas/site/handler.ts, through bin/local/site.ts), the app's routes (common/appRoutes.ts) with the
 * build's page (the sign-in screen with its document rendered at build time in the browser's language:
 * common/prerender.ts), /config.json with the stack's settings, other paths from the build or 404. The pages are rendered as production renders them:
 * SITE_INDEXABLE=true (no `X-Robots-Tag: noindex`, robots.txt allows crawling). The browser is the one the tests
 * use (scripts/lib/chromium.ts); nothing is fetched from the internet.
 *
 * Lighthouse 12 (13 needs Node 22.19; the project runs on Node 20.19 too). On a busy machine the performance score
 * is lower than the same page scores on an idle one: Lighthouse's simulation scales the CPU time it observed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { APP_PATHS } from '../common/appRoutes';
import type { Language } from '../common/languages';
import { isPublicPath, pagePath, SITEMAP_PATHS } from '../common/publicPages';
import { randomPorts, startLocalStack } from '../bin/local/stack';
import { buildWeb } from '../bin/local/webBuild';
import { launchChromium } from './lib/chromium';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The goals: performance at least 95, accessibility, best practices and SEO 100. */
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/**
 * The path of the first address of a child sitemap (a demo business, a service x town with businesses, an idea)
 * whose path matches `like`.
 */
async function firstPathOf(origin: string, sitemap: string, like = /./): Promise<string> {
  const xml = await (await fetch(`${origin}${sitemap}`)).text();
  const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).find((p) => like.test(p));
  if (!loc) throw new Error(`${sitemap} lists no page: is the demo data seeded?`);
  return loc;
}

interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** First and largest contentful paint, total blocking time, cumulative layout shift (Lighthouse's simulation). */
  metrics: string;
  failed: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function auditOf(lhr: Result, pagePath: string): Audit {
  if (lhr.runtimeError) throw new Error(`${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Audit['scores'];
  const metric = (id: string) => (lhr.audits[id]?.displayValue ?? '-').replace(/\s/g, '').padStart(6);
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]
    .map(metric)
    .join(' ');
  // The audits that cost points (weighted ones below 1), to say what to fix.
  const failed = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        const value = audit.displayValue ? ` (${audit.displayValue})` : '';
        // Where on the page (the elements, or what the console said).
        type Item = { node?: { snippet?: string }; description?: string; url?: string };
        const items = ((audit.details as { items?: Item[] } | undefined)?.items ?? [])
          .map((i) => i.node?.snippet ?? (i.description ? `${i.description} ${i.url ?? ''}`.trim() : undefined))
          .filter((line): line is string => !!line)
          .slice(0, 3)
          .map((line) => `\n      ${line.slice(0, 160)}`)
          .join('');
        return `${c}: ${audit.title}${value}${c === 'performance' ? '' : items}`;
      }),
  );
  return { scores, metrics, failed };
}

async function main() {
  const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1) || 1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-lighthouse-'));
  const dist = path.join(dataDir, 'dist');
  const ports = await randomPorts();
  console.log('Building the web app for production and starting a local stack with the demo data...');
  await buildWeb(dist, { sourcemap: false });
  // The stack answers the build on the web port as `WEB=build npm start` does, with its /config.json.
  const { stop } = await startLocalStack({
    dataDir: path.join(dataDir, 'stack'),
    ports,
    web: true,
    webBuild: dist,
    seed: true,
  });
  let browser: Browser | undefined;
  try {
    // As production renders them (lambdas/lib/config.ts): indexable, every address on this one origin.
    const origin = `http://127.0.0.1:${ports.web}`;
    process.env.SITE_INDEXABLE = 'true';
    process.env.SITE_URL = origin;
    if (!isPublicPath('/')) throw new Error('The landing page is not a public path (common/publicPages.ts)');

    const pages: { name: string; path: string; language: Language; app?: boolean }[] = [
      { name: 'landing', path: pagePath({ kind: 'landing' }, 'sq'), language: 'sq' },
      { name: 'landing (en)', path: pagePath({ kind: 'landing' }, 'en'), language: 'en' },
      { name: 'business profile', path: await firstPathOf(origin, SITEMAP_PATHS.businesses), language: 'sq' },
      { name: 'service x town', path: await firstPathOf(origin, SITEMAP_PATHS.directory), language: 'sq' },
      { name: 'ideas', path: pagePath({ kind: 'ideas' }, 'sq'), language: 'sq' },
      { name: 'ideas (en)', path: pagePath({ kind: 'ideas' }, 'en'), language: 'en' },
      {
        name: 'idea',
        path: await firstPathOf(origin, SITEMAP_PATHS.ideas, /^\/ide\/foto\//),
        language: 'sq',
      },
      { name: 'sign-in', path: APP_PATHS.login, language: 'sq', app: true },
      { name: 'sign-in (en)', path: APP_PATHS.login, language: 'en', app: true },
    ];
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
    let version = '';

    const rows: (Audit & { page: string; path: string; app?: boolean })[] = [];
    for (const page of pages.filter((p) => !only || p.name.includes(only))) {
      const audits: Audit[] = [];
      // A run the browser did not answer in time (a busy machine) is made again, twice at most.
      for (let run = 0, retries = 0; run < runs; run++) {
        // Lighthouse drives the browser over its DevTools port; a fresh browser per run, in the page's language.
        const debuggingPort = await freePort();
        const tag = page.language === 'sq' ? 'sq-AL' : 'en-US';
        browser = await launchChromium({
          args: [`--remote-debugging-port=${debuggingPort}`, `--lang=${tag}`, `--accept-lang=${tag},${page.language}`],
        });
        const result = await lighthouse(`${origin}${page.path}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        await browser.close();
        browser = undefined;
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        version = result.lhr.lighthouseVersion;
        if (result.lhr.runtimeError && retries < 2) {
          console.log(`${page.path}: ${result.lhr.runtimeError.code}, once more`);
          retries++;
          run--;
          continue;
        }
        audits.push(auditOf(result.lhr, page.path));
      }
      // The run of the median performance (Lighthouse's advice for a noisy machine: several runs, the median).
      const median = [...audits].sort((x, y) => x.scores.performance - y.scores.performance)[(audits.length - 1) >> 1];
      rows.push({ ...median, page: page.name, path: page.path, app: page.app });
    }

    console.log(
      `\nLighthouse ${version}, mobile, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs, ` +
        `load ${os.loadavg()[0].toFixed(1)}${runs > 1 ? `, the median of ${runs} runs` : ''}`,
    );
    const header = ['page'.padEnd(18), ...CATEGORIES.map((c) => c.padStart(15)), '   FCP    LCP    TBT    CLS'].join(
      '',
    );
    console.log(header);
    for (const r of rows) {
      const below = (c: (typeof CATEGORIES)[number]) => r.scores[c] < GOALS[c] && !(r.app && c === 'seo');
      console.log(
        [
          r.page.padEnd(18),
          ...CATEGORIES.map((c) => `${r.scores[c]}${below(c) ? '*' : ''}`.padStart(15)),
          `  ${r.metrics}`,
        ].join(''),
      );
    }
    console.log(
      `\n* below the goal (performance >= ${GOALS.performance}, the others 100; the app's screens are noindex on ` +
        'purpose, so SEO is no goal there). Pages:',
    );
    for (const r of rows)
      console.log(`  ${r.page}: ${r.path}${r.page.endsWith('(en)') ? ' (an English browser)' : ''}`);
    for (const r of rows.filter((x) => x.failed.length)) {
      console.log(`\nWhat costs points on the ${r.page}:`);
      for (const f of r.failed) console.log(`  - ${f}`);
    }
  } finally {
    await browser?.close();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

await main();
