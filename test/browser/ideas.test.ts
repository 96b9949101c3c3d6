/**
 * Ideas in a browser, over the seeded demo data (common/demoData.ts DEMO_PORTFOLIO_IDEAS, DEMO_JOB_IDEAS,
 * DEMO_BOARDS): the public gallery and an idea's page with JavaScript off (rooms, towns, styles, the price band where
 * the client agreed, who made it, the ways into the app); the demo client's boards ("Idetë e mia"), one board, saving
 * an idea to a new board and sharing it by link (its public page then shows it); a request started from an idea
 * ("ask for offers like this"), prefilled and reaching the idea's business first. Screenshots at 1280 and 390 px in
 * both languages (test-results/screenshots/ideas-*), failing when the phone layout scrolls sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOARDS, DEMO_BUSINESSES, DEMO_CLIENT, FINISHED_JOBS } from '../../common/demoData';
import type { Board, Idea } from '../../common/types';
import { call, sessionTokens } from '../support/api';
import { waitFor } from '../support/notifications';
import { DESKTOP, launch, webUrl } from './browser';
import { shots, signedIn } from './people';

let browser: Browser;
const contexts: BrowserContext[] = [];
let clientToken: string;
/** A modern demo kitchen in Durrës whose client lets its price band show (the first job of DEMO_JOB_IDEAS). */
let kitchen: Idea;

beforeAll(async () => {
  browser = await launch();
  clientToken = (await sessionTokens(DEMO_CLIENT.email, DEMO_CLIENT.password)).idToken;
  const ideas = (await call<Idea[]>('GET', '/ideas?room=kitchen&town=Durr%C3%ABs&limit=50', { token: clientToken }))
    .body;
  kitchen = ideas.find((i) => i.source === 'job' && i.priceBand && i.style === 'modern')!;
  expect(kitchen, JSON.stringify(ideas)).toBeDefined();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

const publicPage = async (javaScriptEnabled = false): Promise<Page> => {
  const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled });
  contexts.push(context);
  return context.newPage();
};

/**
 * Screenshots of the public page `page` shows, taken in a page with JavaScript on (the screenshots wait for a frame
 * drawn, which a page without JavaScript never answers), its pictures loaded as far down as a phone shows them.
 */
let shooter: Page | undefined;
async function publicShots(page: Page, name: string) {
  shooter ??= await publicPage(true);
  await shooter.goto(page.url());
  await shots(shooter, name);
}

describe('the public gallery and an idea, without signing in', () => {
  it('lists ideas by room, town and style, with what they cost where the client agreed, in both languages', async () => {
    const page = await publicPage();
    const res = await page.goto(webUrl('/ide'));
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Ide nga shtëpi të vërteta në Shqipëri');
    expect(await page.locator('.idea-tile').count()).toBeGreaterThanOrEqual(20);
    expect(await page.locator('.idea-band').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await publicShots(page, 'ideas-gallery-sq');

    // A room, then its town: plain links.
    await page.locator('.idea-filters a', { hasText: 'Kuzhinë' }).click();
    await page.waitForURL(/\/ide\/kuzhina$/);
    expect(await page.locator('h1').innerText()).toBe('Ide për kuzhinën');
    await page.locator('.idea-filters a', { hasText: 'Durrës' }).click();
    await page.waitForURL(/\/ide\/kuzhina\/durres$/);
    expect(await page.locator('h1').innerText()).toBe('Ide për kuzhinën në Durrës');
    const tiles = await page.locator('.idea-tile strong').allInnerTexts();
    expect(tiles.every((t) => t.startsWith('Kuzhinë') && t.endsWith('Durrës'))).toBe(true);
    await publicShots(page, 'ideas-room-town-sq');

    await page.getByRole('link', { name: 'Read in English' }).click();
    await page.waitForURL(/\/en\/ideas\/kitchen\/durres$/);
    expect(await page.locator('h1').innerText()).toBe('Kitchen ideas in Durrës');
    await page.goto(webUrl('/en/ideas'));
    expect(await page.locator('h1').innerText()).toBe('Ideas from real homes in Albania');
    await publicShots(page, 'ideas-gallery-en');
    await page.locator('.idea-filters a', { hasText: 'Industrial' }).click();
    await page.waitForURL(/\/en\/ideas\/style\/industrial$/);
    expect(await page.locator('.idea-tile').count()).toBeGreaterThanOrEqual(3);
    // A room that is none is a 404 (asked without a page: the page watch counts a 404 a page loads as a fault).
    expect((await fetch(webUrl('/ide/garazh'))).status).toBe(404);
  });

  it('shows an idea large, who made it and what it cost, with the ways into the app, in both languages', async () => {
    const page = await publicPage();
    const res = await page.goto(webUrl(`/ide/foto/${kitchen._id}`));
    expect(res?.status()).toBe(200);
    const maker = DEMO_BUSINESSES[FINISHED_JOBS[0].offer.business].businessName;
    expect(await page.locator('h1').innerText()).toMatch(/^Kuzhinë në stil modern, Durrës$/);
    const main = await page.locator('main').innerText();
    expect(main).toContain(maker);
    expect(main).toContain('Sa kushtoi');
    expect(main).toMatch(/2[.\s]?500\s€ deri në 5[.\s]?000\s€/);
    expect(main).toContain('Më shumë nga');
    // The picture is its processed widths, its size known before it loads.
    const large = page.locator('img.idea-large');
    expect(await large.getAttribute('srcset')).toMatch(/2048\.webp 2048w/);
    expect(Number(await large.getAttribute('width'))).toBeGreaterThan(0);
    expect(await page.locator(`a[href="/post/create?idea=${kitchen._id}"]`).count()).toBe(1);
    expect(await page.locator(`a[href="/ideas/${kitchen._id}"]`).count()).toBe(1);
    await publicShots(page, 'ideas-idea-sq');
    await page.goto(webUrl(`/en/ideas/photo/${kitchen._id}`));
    expect(await page.locator('h1').innerText()).toBe('Kitchen in a modern style, Durrës');
    expect(await page.locator('main').innerText()).toMatch(/€2,500 to €5,000/);
    await publicShots(page, 'ideas-idea-en');
    // No picture of a job whose client keeps the band private shows a cost.
    const baths = (await call<Idea[]>('GET', '/ideas?room=bathroom&limit=50', { token: clientToken })).body;
    const privateJob = baths.find((i) => i.source === 'job')!;
    expect(privateJob.priceBand).toBeUndefined();
    await page.goto(webUrl(`/en/ideas/photo/${privateJob._id}`));
    expect(await page.locator('main').innerText()).not.toContain('What it cost');
  });
});

describe('boards and asking for offers like an idea (the demo client)', () => {
  for (const language of ['sq', 'en'] as const) {
    it(`lists the boards, opens one, saves an idea to a new board and shares it (${language})`, async () => {
      const { context, page } = await signedIn(browser, DEMO_CLIENT, language);
      contexts.push(context);
      const t = language === 'sq' ? SQ : EN;
      await page.getByRole('link', { name: t.myIdeas }).first().click();
      await page.waitForURL(/\/boards$/);
      await expect.poll(() => page.getByTestId('board-card').count()).toBeGreaterThanOrEqual(DEMO_BOARDS.length);
      await shots(page, `ideas-boards-${language}`);
      await page.getByTestId('board-card').filter({ hasText: DEMO_BOARDS[0].name }).click();
      await page.waitForURL(/\/boards\/[\w-]+$/);
      await expect.poll(() => page.getByTestId('idea-tile').count()).toBe(DEMO_BOARDS[0].ideas.length);
      await shots(page, `ideas-board-${language}`);

      // An idea's page in the app: save it to a new board, then share that board by link.
      await page.goto(webUrl(`/ideas/${kitchen._id}`));
      await page.locator('#idea-new-board-name').fill(`${t.newBoard} ${Date.now().toString(36)}`);
      await page.getByTestId('idea-new-board').click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: t.savedTo }).count()).toBe(1);
      await shots(page, `ideas-app-idea-${language}`);
      const boards = (await call<Board[]>('GET', '/boards?limit=50', { token: clientToken })).body;
      const made = boards.find((b) => b.name.startsWith(t.newBoard))!;
      expect(made.ideaCount).toBe(1);
      await page.goto(webUrl(`/boards/${made._id}`));
      await page.getByTestId('board-share').click();
      const link = await page.getByTestId('board-link').inputValue();
      expect(link).toMatch(language === 'sq' ? /\/ide\/tabela\/[\w-]+$/ : /\/en\/ideas\/board\/[\w-]+$/);
      // Its public page shows it to anyone with the link, not indexed.
      const visitor = await publicPage();
      const shared = await visitor.goto(webUrl(new URL(link).pathname));
      expect(shared?.status()).toBe(200);
      expect(await visitor.locator('h1').innerText()).toBe(made.name);
      expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await visitor.locator('.idea-tile').count()).toBe(1);
      await call('DELETE', `/boards/${made._id}`, { token: clientToken });
    });

    it(`starts a request from an idea, prefilled, and its maker is invited first (${language})`, async () => {
      const { context, page } = await signedIn(browser, DEMO_CLIENT, language);
      contexts.push(context);
      const t = language === 'sq' ? SQ : EN;
      await page.goto(webUrl(`/ideas/${kitchen._id}`));
      await page.getByTestId('idea-ask').click();
      await page.waitForURL(/\/post\/create\?idea=/);
      await expect.poll(() => page.getByTestId('reference-idea').innerText()).toContain(t.likeThis);
      // The idea's service and town are chosen, and the form shows ideas for them beside the price guide.
      await expect.poll(() => page.getByLabel(t.location).inputValue()).toBe('Durrës');
      await expect.poll(() => page.getByRole('button', { name: t.furniture, pressed: true }).count()).toBe(1);
      await expect.poll(() => page.getByTestId('matching-ideas').getByTestId('idea-tile').count()).toBeGreaterThan(0);
      await shots(page, `ideas-request-${language}`);
      const title = `${t.title} ${Date.now().toString(36)}`;
      await page.getByLabel(t.titleLabel).fill(title);
      await page.getByRole('button', { name: t.create }).click();
      await page.waitForURL(/\/client-dashboard$/);
      // The post carries the idea as its reference; the maker is told at once that it is invited first.
      const maker = DEMO_BUSINESSES[FINISHED_JOBS[0].offer.business];
      const makerToken = (await sessionTokens(maker.email, maker.password)).idToken;
      const told = await waitFor(async () => {
        const res = await call<{ kind: string; data: { postTitle?: string; postId?: string } }[]>(
          'GET',
          '/notifications?limit=50',
          { token: makerToken },
        );
        return res.body.find((n) => n.kind === 'ideaRequest' && n.data.postTitle === title);
      });
      const post = await call('GET', `/post/${told.data.postId}`, { token: makerToken });
      expect(post.body.reference).toMatchObject({ ideaId: kitchen._id });
      await call('DELETE', `/post/${told.data.postId}`, { token: clientToken });
    });
  }
});

const SQ = {
  myIdeas: 'Idetë e mia',
  newBoard: 'Tabelë prove',
  savedTo: 'U ruajt te',
  likeThis: 'Si kjo ide',
  location: 'Qyteti',
  furniture: 'Mobilieri',
  title: 'Kuzhinë si kjo',
  titleLabel: 'Titulli',
  create: 'Publiko kërkesën',
};
const EN = {
  myIdeas: 'My ideas',
  newBoard: 'Test board',
  savedTo: 'Saved to',
  likeThis: 'Like this idea',
  location: 'Location',
  furniture: 'Furniture',
  title: 'A kitchen like this',
  titleLabel: 'Title',
  create: 'Create Post',
};
