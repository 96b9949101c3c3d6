/**
 * The one place that finds a Chromium for everything that drives a browser (browser tests,
 * screenshot, size and audit scripts). Order:
 *   1. CHROMIUM_PATH                      a browser you name (must exist)
 *   2. a Playwright-installed Chromium    `npx playwright install chromium` (PLAYWRIGHT_BROWSERS_PATH or its default cache)
 *   3. the one from npm                   @sparticuz/chromium (a devDependency: Chromium inside the npm tarball, Linux x64)
 *   4. a system Chromium or Chrome        /usr/bin/chromium, google-chrome, /Applications/..., Program Files
 * The npm build comes before a system browser: it is the one a fresh machine and CI have, so a run here lays pages
 * out with the same browser and fonts as CI's, and it is a headless build, lighter than a desktop browser run
 * headless (the accessibility walk: about 210 CPU-seconds with it, 280 with Debian's Chromium 156).
 * It says which one it uses (one line on stderr). Where none can run here it throws at once with one
 * line telling how to get one.
 *
 *   npx tsx scripts/lib/chromium.ts       prints the browser that would be used
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, BrowserServer, LaunchOptions } from 'playwright-core';

export interface FoundChromium {
  /** Where it came from, for the log line. */
  source: 'CHROMIUM_PATH' | 'playwright' | 'system' | 'npm';
  executablePath: string;
  /** Extra environment for the browser process (fonts and libraries of the npm build). */
  env?: Record<string, string>;
}

export class NoChromiumError extends Error {}

const HOW_TO_GET_ONE =
  'No Chromium to run here: set CHROMIUM_PATH to a Chrome or Chromium binary, or run `npx playwright install chromium`.';

/** Flags for headless runs on a machine without network beyond localhost (docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
];

function playwrightBrowsersDir(): string {
  if (process.env.PLAYWRIGHT_BROWSERS_PATH && process.env.PLAYWRIGHT_BROWSERS_PATH !== '0')
    return process.env.PLAYWRIGHT_BROWSERS_PATH;
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'ms-playwright');
  if (process.platform === 'win32') return path.join(process.env.LOCALAPPDATA ?? os.homedir(), 'ms-playwright');
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'ms-playwright');
}

/** Chromium builds `npx playwright install chromium` left, newest revision first. */
function playwrightInstalled(): string[] {
  const dir = playwrightBrowsersDir();
  if (!existsSync(dir)) return [];
  const builds = readdirSync(dir)
    .map((name) => /^(chromium|chromium_headless_shell)-(\d+)$/.exec(name))
    .filter((m): m is RegExpExecArray => !!m)
    .sort((a, b) => Number(b[2]) - Number(a[2]) || (a[1] === 'chromium' ? -1 : 1));
  const inside: Record<string, string[]> = {
    linux: [
      'chrome-linux64/chrome',
      'chrome-linux/chrome',
      'chrome-headless-shell-linux64/chrome-headless-shell',
      'chrome-linux/headless_shell',
    ],
    darwin: [
      'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
      'chrome-headless-shell-mac-arm64/chrome-headless-shell',
      'chrome-headless-shell-mac-x64/chrome-headless-shell',
    ],
    win32: [
      'chrome-win64/chrome.exe',
      'chrome-win/chrome.exe',
      'chrome-headless-shell-win64/chrome-headless-shell.exe',
    ],
  };
  return builds.flatMap((m) => (inside[process.platform] ?? []).map((p) => path.join(dir, m[0], p)));
}

function systemBrowsers(): string[] {
  if (process.platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      path.join(os.homedir(), 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
    ];
  }
  if (process.platform === 'win32') {
    const roots = [process.env['PROGRAMFILES'], process.env['PROGRAMFILES(X86)'], process.env.LOCALAPPDATA].filter(
      Boolean,
    ) as string[];
    return roots.flatMap((r) => [
      path.join(r, 'Google/Chrome/Application/chrome.exe'),
      path.join(r, 'Chromium/Application/chrome.exe'),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
  ];
}

/** Shared libraries the binary needs that the dynamic loader cannot find (Linux only; [] when ldd is missing). */
function missingLibraries(executable: string, env: Record<string, string> = {}): string[] {
  try {
    const out = execFileSync('ldd', [executable], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out
      .split('\n')
      .filter((l) => l.includes('not found'))
      .map((l) => l.trim().split(/\s/)[0]);
  } catch {
    return [];
  }
}

/**
 * The Chromium build shipped inside the @sparticuz/chromium npm package (brotli files unpacked to the
 * temp folder on first use). Its fonts (Open Sans) are added to the system's through a fontconfig
 * file, so pages render real letters (ë, ç) even where no font is installed; where the system lacks
 * the NSS libraries the build needs, the package's own copies are put on LD_LIBRARY_PATH.
 */
async function npmChromium(): Promise<FoundChromium | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  let mod: typeof import('@sparticuz/chromium');
  try {
    mod = await import('@sparticuz/chromium');
  } catch {
    return undefined;
  }
  const chromium = mod.default;
  const executablePath = await chromium.executablePath();
  const tmp = os.tmpdir();
  const fontsConf = path.join(tmp, 'marketplace-chromium-fonts.conf');
  writeFileSync(
    fontsConf,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <dir>${path.join(tmp, 'fonts')}</dir>`,
      `  <cachedir>${path.join(tmp, 'fonts-cache')}</cachedir>`,
      '</fontconfig>',
    ].join('\n'),
  );
  const env: Record<string, string> = { FONTCONFIG_FILE: fontsConf };
  if (missingLibraries(executablePath).length) {
    // The package's brotli files sit in bin/ beside build/index.js.
    const binDir = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin');
    const libDir = await mod.inflate(path.join(binDir, 'al2023.tar.br'));
    env.LD_LIBRARY_PATH = [path.join(libDir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
    const still = missingLibraries(executablePath, env);
    if (still.length)
      throw new NoChromiumError(`The npm Chromium cannot run here (missing ${still.join(', ')}). ${HOW_TO_GET_ONE}`);
  }
  return { source: 'npm', executablePath, env };
}

let found: Promise<FoundChromium> | undefined;

/** The browser to use, found once per process in the order above. */
export function findChromium(): Promise<FoundChromium> {
  found ??= (async () => {
    const named = process.env.CHROMIUM_PATH;
    if (named) {
      if (!existsSync(named)) throw new NoChromiumError(`CHROMIUM_PATH=${named} does not exist. ${HOW_TO_GET_ONE}`);
      return { source: 'CHROMIUM_PATH', executablePath: named } as FoundChromium;
    }
    const installed = playwrightInstalled().find(existsSync);
    if (installed) return { source: 'playwright', executablePath: installed } as FoundChromium;
    const fromNpm = await npmChromium();
    if (fromNpm) return fromNpm;
    const system = systemBrowsers().find(existsSync);
    if (system) return { source: 'system', executablePath: system } as FoundChromium;
    throw new NoChromiumError(HOW_TO_GET_ONE);
  })();
  return found;
}

export const describeChromium = (c: FoundChromium) =>
  `Browser: ${c.executablePath} (${c.source === 'npm' ? '@sparticuz/chromium from npm' : c.source})`;

let announced = false;

/** Launch the found browser headless; the first launch of a script or test run says which browser it is. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const c = await findChromium();
  announce(c);
  const { chromium } = await import('playwright-core');
  return chromium.launch(launchOptions(c, options));
}

/** Says which browser runs, once per process; test workers are separate processes: only the global setup says it. */
function announce(c: FoundChromium) {
  if (!announced && !process.env.VITEST_WORKER_ID) {
    announced = true;
    console.error(describeChromium(c));
  }
}

function launchOptions(c: FoundChromium, options: LaunchOptions): LaunchOptions {
  return {
    headless: true,
    timeout: 60_000,
    ...options,
    executablePath: c.executablePath,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    env: { ...process.env, ...c.env, ...options.env } as Record<string, string>,
  };
}

/**
 * The found browser started once as a server that many processes connect to (`chromium.connect(wsEndpoint())`),
 * each with contexts of its own: the browser tests' global setup starts it for all their files. A browser that
 * does not start fails here, at once, with one line, instead of as a timeout in every test.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const c = await findChromium();
  announce(c);
  const { chromium } = await import('playwright-core');
  try {
    return await chromium.launchServer(launchOptions(c, { timeout: 30_000 }));
  } catch (err) {
    const first = String((err as Error)?.message ?? err).split('\n')[0];
    throw new NoChromiumError(`${describeChromium(c)} does not start: ${first}. ${HOW_TO_GET_ONE}`);
  }
}

/** Starts the browser once and closes it: a broken or missing browser fails here, at once, with one line. */
export async function assertChromiumRuns(): Promise<FoundChromium> {
  await (await launchChromiumServer()).close();
  return findChromium();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const c = await assertChromiumRuns();
    console.log(describeChromium(c));
  } catch (err) {
    console.error(err instanceof NoChromiumError ? err.message : err);
    process.exit(1);
  }
}
