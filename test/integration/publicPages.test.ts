/**
 * The public pages over plain HTTP, no JavaScript (the local gateway routes them to the site handler, as the dev
 * server and the CDN do), over DynamoDB Local: a business made and reviewed through the API has its profile with
 * its name in <h1>, valid JSON-LD and the review with its reply; unknown addresses are 404 in the visitor's
 * language, a renamed business's old address 301, a page turned off 410; every sitemap address answers 200 and is
 * its own canonical, and every hreflang pair links back; offers accepted through the API show in the price guide of
 * the service x town and service pages. Nothing is cached locally, so a change shows at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  stack,
  type BusinessAccount,
} from '../support/api';
import { readPage, structuredDataErrors } from '../support/publicPages';
import { waitFor } from '../support/notifications';
import { formatMoney } from '../../common/money';
import { PRICE_GUIDE_STATED_ACCURACY_PERCENT, type PriceGuideAnswer } from '../../common/priceGuide';
import { SITEMAP_PATHS } from '../../common/publicPages';

const tag = Date.now().toString(36);
/** Where the pages are fetched (the local gateway) and the origin they name themselves by (the site's). */
const server = () => stack().apiUrl;
const site = () => stack().notifier.appUrl;

const get = (path: string) => fetch(server() + path, { redirect: 'manual' });
/** A page's own address on the fetching server, from the absolute address it is named by. */
const onServer = (address: string) => server() + new URL(address).pathname;

async function page(path: string) {
  const res = await get(path);
  return { res, html: await res.text() };
}

describe('public pages over plain HTTP', () => {
  let studio: BusinessAccount;
  const name = `Studio Publik Ëç ${tag}`;
  let slug: string;

  beforeAll(async () => {
    studio = await newBusiness({
      businessName: name,
      location: 'Tirana',
      categories: ['interior-design', 'furniture'],
    });
    const towns = await call('PUT', `/business/${studio.businessId}`, {
      token: studio.token,
      body: { serviceTowns: ['Tirana', 'Durrës'], description: 'Dizajn interieri dhe mobilieri me porosi.' },
    });
    expect(towns.status, JSON.stringify(towns.body)).toBe(200);
    slug = towns.body.slug;
    expect(slug).toBe(`studio-publik-ec-${tag}`);
  });

  it('a profile answers 200 with its name in <h1>, valid JSON-LD, and a review posted through the API with its reply', async () => {
    const before = readPage((await page(`/biznes/${slug}`)).html);
    expect(before.h1).toEqual([name]);
    expect(before.jsonLd[0]).not.toHaveProperty('aggregateRating');

    const client = await newClient({ username: 'Elira Hoxha' });
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(studio, post._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const reviewed = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: post._id, businessId: studio.businessId, rating: 5, review: `Punë e shkëlqyer ${tag}` },
    });
    expect(reviewed.status).toBe(201);
    const replied = await call('PUT', `/post/${post._id}/review/reply`, {
      token: studio.token,
      body: { text: `Faleminderit ${tag}` },
    });
    expect(replied.status).toBe(200);

    const { res, html } = await page(`/biznes/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('s-maxage=');
    expect(res.headers.get('cache-control')).toContain('stale-while-revalidate=');
    expect(res.headers.get('cache-control')).toContain('stale-if-error=');
    // Not the production stage: never indexed.
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const profile = readPage(html);
    expect(profile.h1).toEqual([name]);
    expect(profile.lang).toBe('sq');
    expect(profile.canonical).toBe(`${site()}/biznes/${slug}`);
    expect(profile.text).toContain(`Punë e shkëlqyer ${tag}`);
    expect(profile.text).toContain(`Faleminderit ${tag}`);
    // The client as first name and initial: never their full name, email or request.
    expect(profile.text).toContain('Elira H.');
    expect(html).not.toContain('Hoxha');
    expect(html).not.toContain(client.email);
    expect(html).not.toContain(post.title);
    expect(profile.jsonLd[0]).toMatchObject({
      '@type': 'HomeAndConstructionBusiness',
      name,
      aggregateRating: { ratingValue: 5, ratingCount: 1 },
    });
    expect(await structuredDataErrors(profile.jsonLd)).toEqual([]);

    const en = readPage((await page(`/en/business/${slug}`)).html);
    expect(en.lang).toBe('en');
    expect(en.h1).toEqual([name]);
    expect(en.text).toContain('Reviews');
  });

  it('an unknown address answers a real 404 page in the visitor’s language', async () => {
    for (const [path, lang] of [
      [`/biznes/nobody-${tag}`, 'sq'],
      [`/en/business/nobody-${tag}`, 'en'],
      ['/sherbime/kuzhina', 'sq'],
      ['/en/services/furniture/atlantis', 'en'],
    ] as const) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      const notFound = readPage(html);
      expect(notFound.lang, path).toBe(lang);
      expect(notFound.robots).toBe('noindex');
      expect(notFound.h1[0]).toBe(lang === 'sq' ? 'Kjo faqe nuk ekziston' : 'This page does not exist');
    }
  });

  it('a renamed business keeps its old address as a 301; a page turned off answers 410, and comes back', async () => {
    const owner = await newBusiness({ businessName: `Ngjyra ${tag}`, categories: ['painting'] });
    const first = (await call('GET', `/business/${owner.businessId}`, { token: owner.token })).body.slug as string;
    expect(first).toBe(`ngjyra-${tag}`);
    const renamed = await call('PUT', `/business/${owner.businessId}`, {
      token: owner.token,
      body: { businessName: `Ngjyra Korça ${tag}` },
    });
    expect(renamed.body.slug).toBe(`ngjyra-korca-${tag}`);

    const old = await get(`/biznes/${first}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/biznes/ngjyra-korca-${tag}`);
    const oldEn = await get(`/en/business/${first}`);
    expect(oldEn.headers.get('location')).toBe(`/en/business/ngjyra-korca-${tag}`);
    expect((await get(`/biznes/ngjyra-korca-${tag}`)).status).toBe(200);

    // A second business of the same name gets a numbered address.
    const twin = await newBusiness({ businessName: `Ngjyra Korça ${tag}` });
    expect((await call('GET', `/business/${twin.businessId}`, { token: twin.token })).body.slug).toBe(
      `ngjyra-korca-${tag}-2`,
    );

    const off = await call('PUT', `/business/${owner.businessId}`, { token: owner.token, body: { publicPage: false } });
    expect(off.body.publicPage).toBe(false);
    expect((await get(`/biznes/ngjyra-korca-${tag}`)).status).toBe(410);
    expect((await get(`/biznes/${first}`)).status).toBe(410);
    const sitemap = await (await get('/sitemap-businesses.xml')).text();
    expect(sitemap).not.toContain(`ngjyra-korca-${tag}<`);
    const on = await call('PUT', `/business/${owner.businessId}`, { token: owner.token, body: { publicPage: true } });
    expect(on.body.publicPage).toBe(true);
    expect((await get(`/biznes/ngjyra-korca-${tag}`)).status).toBe(200);
  });

  it('directory pages list the businesses of a service in a town; an empty pair is noindex', async () => {
    const durres = readPage((await page('/sherbime/dizajn-interieri/durres')).html);
    expect(durres.robots).toBeNull();
    expect(durres.links).toContain(`/biznes/${slug}`);
    expect(await structuredDataErrors(durres.jsonLd)).toEqual([]);
    const service = readPage((await page('/en/services/furniture')).html);
    expect(service.links).toContain(`/en/business/${slug}`);
    expect(service.links).toContain('/en/services/furniture/durres');

    const { res, html } = await page('/sherbime/dizajn-interieri/konispol');
    expect(res.status).toBe(200);
    expect(readPage(html).robots).toBe('noindex');
    const directory = await (await get('/sitemap-directory.xml')).text();
    expect(directory).toContain(`${site()}/sherbime/dizajn-interieri/durres<`);
    expect(directory).not.toContain('/konispol<');
  });

  it('the price guide shows on the service x town page (its own figure, else Albania’s) and by town on the service page', async () => {
    // A service and town no other test file accepts offers in, so the town's figure is this test's alone.
    const [SERVICE, TOWN] = ['lights', 'Leskovik'] as const;
    const before = readPage((await page('/en/services/lights/leskovik')).html);
    expect(before.text).toMatch(/Not enough accepted offers yet|There are not enough accepted offers in Leskovik yet/);

    const client = await newClient();
    const [a, b, c] = await Promise.all([newBusiness(), newBusiness(), newBusiness()]);
    const prices = [1000, 1200, 1500, 1800, 2500];
    const by = [a, a, b, b, c];
    for (let i = 0; i < prices.length; i++) {
      const post = await newPost(client, {
        images: [],
        category: [SERVICE],
        location: TOWN,
        title: `Drita ${i} ${tag}`,
      });
      const offer = await newOffer(by[i], post._id, { price: prices[i] });
      expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    }
    // Once the stream handler has counted them, the API and the pages show the same figure.
    const figure = await waitFor(async () => {
      const answer = await call<PriceGuideAnswer>('GET', `/price-guide?service=${SERVICE}&town=${TOWN}`);
      return answer.body.figure?.scope === 'town' && answer.body.figure.count === 5 ? answer.body.figure : undefined;
    }, 20_000);
    expect(Math.abs(figure.median - 1500) / 1500).toBeLessThanOrEqual(PRICE_GUIDE_STATED_ACCURACY_PERCENT / 100);
    const plain = (text: string) => text.replace(/\s+/g, ' ');

    const sq = readPage((await page('/sherbime/ndricim/leskovik')).html);
    const sqText = plain(sq.text);
    expect(sqText).toContain('Çmimet për Ndriçim në Leskovik');
    expect(sqText).toContain(`Çmimi mesatar (mediana)${plain(formatMoney('sq', 'EUR', figure.median))}`);
    expect(sqText).toContain(
      `${plain(formatMoney('sq', 'EUR', figure.p25))} deri në ${plain(formatMoney('sq', 'EUR', figure.p75))}`,
    );
    expect(sqText).toContain('Nga 5 oferta të pranuara');
    expect(sqText).not.toContain('Ende nuk ka mjaft oferta të pranuara');
    expect(await structuredDataErrors(sq.jsonLd)).toEqual([]);
    const en = plain(readPage((await page('/en/services/lights/leskovik')).html).text);
    expect(en).toContain(`Median price${formatMoney('en', 'EUR', figure.median)}`);
    expect(en).toContain('In Leskovik');

    // A town without a figure of its own shows the service's across Albania, said so.
    const ksamil = plain(readPage((await page('/en/services/lights/ksamil')).html).text);
    expect(ksamil).toContain('There are not enough accepted offers in Ksamil yet, so this is for all of Albania.');
    expect(ksamil).toContain('Across Albania');

    // The service page: across Albania, and Leskovik's row in the table by town, linking to its page.
    const { html } = await page('/en/services/lights');
    const row = /<tr><th scope="row"><a href="\/en\/services\/lights\/leskovik">Leskovik<\/a><\/th>(.*?)<\/tr>/.exec(
      html,
    );
    expect(row, 'a row for Leskovik').not.toBeNull();
    expect(plain(row![1].replace(/<[^>]+>/g, '|'))).toBe(
      `|5||${plain(formatMoney('en', 'EUR', figure.median))}||${plain(formatMoney('en', 'EUR', figure.p25))} to ${plain(formatMoney('en', 'EUR', figure.p75))}|`,
    );
  });

  it('the landing shows the real figures; robots.txt names the sitemap', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    const landing = readPage(html);
    expect(landing.canonical).toBe(`${site()}/`);
    expect(landing.links).toContain('/sherbime/dizajn-interieri');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${site()}/sitemap.xml`);
    expect((await get('/en')).headers.get('location')).toBe('/en/');
  });

  it('every sitemap address answers 200 and is its own canonical; every hreflang pair links back', async () => {
    const index = await (await get('/sitemap.xml')).text();
    const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // One child per kind of page: the static pages, the businesses, the directory and the ideas.
    expect(children.map((c) => new URL(c).pathname).sort()).toEqual(Object.values(SITEMAP_PATHS).sort());
    const locs: string[] = [];
    for (const child of children) {
      const res = await fetch(onServer(child));
      expect(res.status, child).toBe(200);
      locs.push(...[...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    }
    expect(locs).toContain(`${site()}/biznes/${slug}`);
    expect(locs).toContain(`${site()}/en/business/${slug}`);

    const heads = new Map<string, ReturnType<typeof readPage>>();
    const queue = [...locs];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let loc = queue.shift(); loc; loc = queue.shift()) {
          const res = await fetch(onServer(loc), { redirect: 'manual' });
          expect(res.status, loc).toBe(200);
          heads.set(loc, readPage(await res.text()));
        }
      }),
    );
    for (const [loc, head] of heads) {
      expect(head.canonical, loc).toBe(loc);
      expect(head.robots, loc).toBeNull();
      expect(Object.keys(head.alternates).sort(), loc).toEqual(['en', 'sq', 'x-default']);
      expect(Object.values(head.alternates), loc).toContain(loc);
      for (const [lang, alternate] of Object.entries(head.alternates)) {
        // The alternate page lists this one back, under the same language names.
        const other = heads.get(alternate) ?? readPage(await (await fetch(onServer(alternate))).text());
        expect(other.alternates, `${loc} -> ${lang}`).toEqual(head.alternates);
      }
    }
  });
});
