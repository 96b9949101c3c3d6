/**
 * Every screen, for a client, a business, a moderator and a signed-out visitor (the landing page too, signed
 * in and out), at 1280 and 390 px wide, in Albanian and in English: axe finds no moderate, serious or critical
 * violation of WCAG 2.1 AA or of its best practices (headings in order, content in landmarks), nothing sticks
 * out sideways (a phone would scroll), the page has one <main>, and the layout does not shift as the page's code
 * and data arrive (cumulative layout shift, measured as browsers report it, under CLS_BUDGET; each figure printed). Console errors, uncaught exceptions and failed requests fail
 * the walk through the watch every browser test has (./pageWatch.ts).
 *
 * In Albanian at 390 px (the app's default language on a phone) no text may be cut either: Albanian words are longer
 * than English ones, so the walk's records have long Albanian titles, names, towns and messages, and a text whose box
 * is narrower than its text (clipped or spilling over) fails it; deliberate ellipsis or line clamps, which show "…",
 * and text for screen readers only are allowed. A full-page screenshot of each of those screens is saved as
 * test-results/screenshots/sq-390-<screen>.png to look at.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pagePath } from '../../common/publicPages';
import { call } from '../support/api';
import { DESKTOP, launch, MOBILE, openLogin, screenshot, webUrl } from './browser';
import {
  createOffer,
  createPost,
  horizontalOverflow,
  newBusiness,
  newClient,
  tag,
  type Business,
  type Client,
} from './people';

/** The walk's languages, as a browser context's locale picks them. */
const LOCALES = { sq: 'sq-AL', en: 'en-US' } as const;
type Language = keyof typeof LOCALES;
const LANGUAGES = Object.keys(LOCALES) as Language[];

/** WCAG 2.1 A and AA, and axe's best practices (heading order, landmarks), as Lighthouse checks them. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * axe-core's script, loaded with every page of the walk (an init script, parsed once per page) and run where the
 * page is: what axe's Playwright wrapper does, without injecting the script anew and opening a second page to
 * finish each run (three times the time per screen).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const analyze = (page: Page): Promise<AxeResults> =>
  page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    // Only violations are read: axe then skips building the selectors and HTML of every passing node, most of a
    // run's time on a full page (axe-core's API, "Performance").
    { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] } satisfies RunOptions,
  );

/** Every finding but a minor one fails the walk. */
const FAILING_IMPACTS = ['moderate', 'serious', 'critical'];

/** Core Web Vitals' "good" cumulative layout shift. */
const CLS_BUDGET = 0.1;

/**
 * Records the page's layout shifts from its first paint, as the Web Vitals define CLS: shifts not caused by
 * input, grouped in session windows (gaps under 1 s, at most 5 s long); the largest window is the CLS.
 */
function recordLayoutShifts() {
  /** `moved`: the elements that moved in the largest window, so that a finding says what moved. */
  const state = { cls: 0, window: 0, first: 0, last: 0, moved: [] as string[], movedNow: [] as string[] };
  (window as unknown as { __layoutShift: typeof state }).__layoutShift = state;
  const nameOf = (node: Node | null) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
      : String(node?.nodeName);
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map((s) => nameOf(s.node));
      if (state.window && entry.startTime - state.last < 1000 && entry.startTime - state.first < 5000) {
        state.window += entry.value;
        state.movedNow.push(...moved);
      } else {
        state.window = entry.value;
        state.first = entry.startTime;
        state.movedNow = moved;
      }
      state.last = entry.startTime;
      if (state.window > state.cls) {
        state.cls = state.window;
        state.moved = [...new Set(state.movedNow)];
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** How long the page must have had no request in flight and no resource arriving before the walk reads it. */
const QUIET_MS = 200;

/**
 * Counts the page's requests in flight (fetch and XHR, as the app and the sign-in library make them) and notes when
 * the last resource of any kind (script, style, image, font, request) arrived, so that the walk reads the page once it
 * has been quiet for QUIET_MS: what Playwright's 'networkidle' waits for, without its fixed half second after the last
 * request, 188 times.
 */
function recordNetwork() {
  const state = { inflight: 0, last: performance.now() };
  (window as unknown as { __network: typeof state }).__network = state;
  const started = () => (state.inflight += 1);
  const ended = () => {
    state.inflight -= 1;
    state.last = performance.now();
  };
  const fetchOf = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    started();
    return fetchOf(...args).finally(ended);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    started();
    this.addEventListener('loadend', ended, { once: true });
    return send.apply(this, args);
  };
  new PerformanceObserver(() => (state.last = performance.now())).observe({ type: 'resource', buffered: true });
}

/** Waits until no request is in flight, nothing arrived for QUIET_MS, and the pictures in view are drawn. */
const settled = (page: Page) =>
  page.waitForFunction(
    (quietMs) => {
      const net = (window as unknown as { __network: { inflight: number; last: number } }).__network;
      const picturesDrawn = [...document.images].every(
        (img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top > innerHeight),
      );
      return net.inflight === 0 && performance.now() - net.last >= quietMs && picturesDrawn;
    },
    QUIET_MS,
    { polling: 50 },
  );

/** Each screen's CLS at each width and language, printed when the walk ends. */
const shifts: { url: string; width: number; language: Language; cls: number }[] = [];

interface Finding {
  url: string;
  width: number;
  what: string;
}

/** A screen of the walk: its name (of its screenshot) and its address. */
type Screen = [name: string, url: string];

/** Elements whose own text is wider than their box (cut off or spilling over), as short descriptions. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** Text in a box of at most 1 px, or inside one, is for screen readers only (.visually-hidden), never seen. */
    const forScreenReadersOnly = (el: HTMLElement) => {
      for (let box: HTMLElement | null = el; box; box = box.parentElement) {
        const { display } = getComputedStyle(box);
        if (box.clientWidth <= 1 && display !== 'inline' && display !== 'contents') return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!ownText || el.clientWidth === 0) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.visibility === 'hidden') continue;
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      if (el.scrollWidth > el.clientWidth + 1 && !forScreenReadersOnly(el)) {
        found.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${el.textContent!.trim().slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth} px)`,
        );
      }
    }
    return found.slice(0, 8);
  });
}

/** Albanian on a phone: the texts are checked for cuts and the screen is saved. */
async function checkAlbanianPhone(page: Page, [name, url]: Screen, findings: Finding[]) {
  await page.evaluate(() => document.fonts.ready);
  for (const what of await cutTexts(page)) findings.push({ url, width: MOBILE.width, what: `sq: text cut: ${what}` });
  await screenshot(page, `sq-390-${name}`);
}

async function check(page: Page, language: Language, screen: Screen, findings: Finding[]) {
  const [, url] = screen;
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await page.goto(webUrl(url));
    await page.locator('main').first().waitFor();
    // The screen is drawn when its heading is (a lazily loaded page shows a spinner first); axe says if none comes.
    await page
      .locator('h1')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 })
      .catch(() => undefined);
    await settled(page);
    const lang = await page.locator('html').getAttribute('lang');
    if (lang !== language)
      findings.push({ url, width: viewport.width, what: `<html lang="${lang}">, not ${language}` });
    const result = await analyze(page);
    for (const v of result.violations.filter((x) => FAILING_IMPACTS.includes(x.impact ?? ''))) {
      findings.push({
        url,
        width: viewport.width,
        what: `${language}: ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
      });
    }
    const overflow = await horizontalOverflow(page);
    if (overflow.length)
      findings.push({ url, width: viewport.width, what: `${language}: wider than the window: ${overflow.join(', ')}` });
    const { cls, moved } = await page.evaluate(
      () => (window as unknown as { __layoutShift: { cls: number; moved: string[] } }).__layoutShift,
    );
    shifts.push({ url, width: viewport.width, language, cls });
    if (cls >= CLS_BUDGET)
      findings.push({
        url,
        width: viewport.width,
        what: `${language}: layout shift ${cls.toFixed(3)} (at most ${CLS_BUDGET}), moved: ${moved.slice(0, 6).join(', ')}`,
      });
    const mains = await page.locator('main').count();
    if (mains !== 1) findings.push({ url, width: viewport.width, what: `${language}: ${mains} <main> elements` });
    if (language === 'sq' && viewport === MOBILE) await checkAlbanianPhone(page, screen, findings);
  }
}

describe('accessibility, no sideways scroll and a clean console on every screen, in both languages', () => {
  let browser: Browser;
  let client: Client;
  let business: Business;
  let postId: string;
  /** A request whose offer from `business` was accepted, with another business's offer left beside it. */
  let acceptedPostId: string;
  /** The chat room of `client` and `business`, with a message from each. */
  let roomId: string;
  /** A seeded idea (the demo data's ideas), and a board of `client`'s, shared by link, holding it. */
  let ideaId: string;
  let boardId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    let rival: Business;
    [browser, client, business, rival] = await Promise.all([
      launch(),
      newClient({ username: 'Ermira Dervishi' }),
      newBusiness({ businessName: `Mobileri Ermal ${tag()}`, location: 'Tirana' }),
      newBusiness({ businessName: `Atelier ${tag()}`, location: 'Durrës' }),
    ]);
    postId = await createPost(client, {
      title: `Rikonstruksion i plotë i kuzhinës dhe i dhomës së ndenjes ${tag()}`,
      location: 'Fushë-Krujë',
      budget: 4800,
      categories: ['Interior Design', 'Furniture', 'Flooring'],
      content:
        'Kuzhinë e re me dollapë deri në tavan, parket laminat në sallon dhe ndriçim i integruar në tavan me dural.',
    });
    await createOffer(
      business,
      postId,
      4650,
      'Mund të fillojmë javën që vjen; oferta përfshin materialet, transportin dhe montimin.',
    );
    acceptedPostId = await createPost(client, { title: `Kitchen ${tag()}`, location: 'Tirana', budget: 2400 });
    const chosen = await createOffer(business, acceptedPostId, 2200, 'Oak fronts, fitted in two weeks.');
    await createOffer(rival, acceptedPostId, 2350, 'Walnut, three weeks.');
    const accepted = await call('PUT', '/offer/status', {
      token: client.token,
      body: { offerId: chosen, newStatus: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    const room = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: business.businessId, clientId: client.userId },
    });
    expect(room.status).toBe(201);
    roomId = room.body.roomId;
    const ideas = await call<{ _id: string }[]>('GET', '/ideas?limit=1', { token: client.token });
    expect(ideas.body).toHaveLength(1);
    ideaId = ideas.body[0]._id;
    const board = await call<{ _id: string }>('POST', '/boards', { token: client.token, body: { name: 'Kuzhina' } });
    expect(board.status).toBe(201);
    boardId = board.body._id;
    for (const [method, path, body] of [
      ['PUT', `/boards/${boardId}/ideas/${ideaId}`, undefined],
      ['PUT', `/boards/${boardId}`, { shared: true }],
    ] as const)
      expect((await call(method, path, { token: client.token, body })).status).toBe(200);
    for (const [who, text] of [
      [client, 'Mirëdita! Kur mund të vini për matje?'],
      [business, 'Të enjten në orën 10.'],
    ] as const) {
      const sent = await call('POST', `/chat/rooms/${roomId}/messages`, { token: who.token, body: { text } });
      expect(sent.status).toBe(201);
    }
  });
  afterAll(async () => {
    console.log(
      `cumulative layout shift per screen (budget ${CLS_BUDGET})\n` +
        shifts
          .map((s) => `  ${s.cls.toFixed(3)}  ${String(s.width).padStart(4)} px  ${s.language}  ${s.url}`)
          .join('\n'),
    );
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  /** A page in `language`, signed in as `who` through the login screen (its fields by id, in either language). */
  async function pageFor(language: Language, who?: { email: string; password: string }) {
    const context = await browser.newContext({ viewport: DESKTOP, locale: LOCALES[language] });
    await context.addInitScript(recordLayoutShifts);
    await context.addInitScript(recordNetwork);
    await context.addInitScript({ content: AXE_SOURCE });
    contexts.push(context);
    const page = await context.newPage();
    if (who) {
      await openLogin(page);
      await page.locator('#email').fill(who.email);
      await page.locator('#password').fill(who.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/(client|business)-dashboard$/, { timeout: 20_000 });
    }
    return page;
  }

  async function walk(language: Language, screens: Screen[], who?: { email: string; password: string }) {
    const page = await pageFor(language, who);
    const findings: Finding[] = [];
    for (const screen of screens) await check(page, language, screen, findings);
    await page.context().close();
    expect(findings).toEqual([]);
  }

  /** Each screen at two widths takes a few seconds (up to about 12 on a busy machine). */
  const WALK_TIMEOUT_MS = 600_000;

  describe.each(LANGUAGES)('in %s', (language) => {
    it(
      'signed out: landing, login, not found',
      async () => {
        // The landing is the server-rendered public page of the language (/ in Albanian, /en/ in English).
        await walk(language, [
          ['landing', pagePath({ kind: 'landing' }, language)],
          ['privacy', pagePath({ kind: 'privacy' }, language)],
          ['ideas-gallery', pagePath({ kind: 'ideas' }, language)],
          ['ideas-room', pagePath({ kind: 'ideas', room: 'kitchen' }, language)],
          ['idea', pagePath({ kind: 'idea', id: ideaId }, language)],
          ['board-shared', pagePath({ kind: 'board', id: boardId }, language)],
          ['login', '/login'],
          ['not-found', '/no-such-page'],
        ]);
      },
      WALK_TIMEOUT_MS,
    );

    it(
      "a client's screens",
      async () => {
        await walk(
          language,
          [
            ['landing-client', '/'],
            ['client-dashboard', '/client-dashboard'],
            ['add-post', '/post/create'],
            ['add-post-like-idea', `/post/create?idea=${ideaId}`],
            ['boards', '/boards'],
            ['board', `/boards/${boardId}`],
            ['idea-app', `/ideas/${ideaId}`],
            ['available-posts', '/available-posts'],
            ['sponsored', '/sponsoredPosts'],
            ['filtered-posts', '/filtered-posts?locations=Tirana'],
            ['client-profile', `/clientprofile/${client.userId}`],
            ['post-view', `/post/view/${postId}`],
            ['post-view-accepted', `/post/view/${acceptedPostId}`],
            ['business-profile-as-client', `/businessprofile/${business.businessId}`],
            ['chat-client', `/chat/${client.userId}`],
            ['chat-room-client', `/chat/${roomId}`],
            ['settings-client-profile', `/settings/${client.userId}/client-profile`],
            ['settings-change-password', `/settings/${client.userId}/change-password`],
            ['settings-help', `/settings/${client.userId}/help-support`],
            ['settings-notifications-client', `/settings/${client.userId}/notifications`],
            ['settings-privacy-client', `/settings/${client.userId}/privacy`],
            ['install-ios', '/install-ios'],
            ['unauthorized', '/unauthorized'],
          ],
          client,
        );
      },
      WALK_TIMEOUT_MS,
    );

    it(
      "a business's screens",
      async () => {
        await walk(
          language,
          [
            ['landing-business', '/'],
            ['business-dashboard', '/business-dashboard'],
            ['post-detail', `/post/${postId}`],
            ['post-detail-accepted', `/post/${acceptedPostId}`],
            ['business-profile', `/businessprofile/${business.businessId}`],
            ['business-profile-ads', `/businessprofile/${business.businessId}?tab=ads`],
            ['business-profile-offers', `/businessprofile/${business.businessId}?tab=offers`],
            ['create-ad', '/create-ad'],
            ['subscriptions', '/subscriptions'],
            ['chat-business', `/chat/${business.businessId}`],
            ['chat-room-business', `/chat/${roomId}`],
            ['settings-business-profile', `/settings/${business.businessId}/business-profile`],
            ['settings-transactions', `/settings/${business.businessId}/transactions`],
            ['settings-verification', `/settings/${business.businessId}/verification`],
            ['settings-plan', `/settings/${business.businessId}/plan`],
            ['settings-statistics', `/settings/${business.businessId}/statistics`],
            ['settings-privacy-business', `/settings/${business.businessId}/privacy`],
            ['client-profile-as-business', `/clientprofile/${client.userId}`],
          ],
          business,
        );
      },
      WALK_TIMEOUT_MS,
    );

    it(
      "a moderator's screens (the seeded demo moderator)",
      async () => {
        await walk(
          language,
          [
            ['moderation-reports', '/moderation/reports'],
            ['moderation-hidden', '/moderation/reports?status=hidden'],
            ['moderation-verifications', '/moderation/verifications'],
            ['moderation-stats', '/moderation/stats'],
            ['operator', '/operator'],
            ['notifications-moderator', '/notifications'],
          ],
          { email: 'moderator@demo.al', password: 'Moderator#2026' },
        );
      },
      WALK_TIMEOUT_MS,
    );
  });
});
