/**
 * The public pages without I/O: slugs, addresses, the head and JSON-LD each page writes (checked by a
 * structured-data validator, offline), noindex on an empty service x town page, and the sitemaps.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  businessSlugBase,
  isCandidateOf,
  isPublicPath,
  MAX_SLUG_LENGTH,
  pagePath,
  parsePublicPath,
  PUBLIC_SERVICE_IDS,
  slugify,
  type PublicPage,
} from '../../common/publicPages';
import { needsNewSlug, publicListWrites, slugAttempt } from '../../lambdas/data/publicPages';
import type { BusinessPageData, DirectoryData, LandingData } from '../../lambdas/site/load';
import { pairsOf, publicClientName } from '../../lambdas/site/load';
import { SCRIPTS } from '../../lambdas/site/pages';
import { businessHtml, directoryHtml, landingHtml } from '../../lambdas/site/render';
import { robotsTxt, urlSet } from '../../lambdas/site/sitemap';
import { readPage, structuredDataErrors, structuredDataIssues } from '../support/publicPages';
import { formatMoney } from '../../common/money';
import type { PriceFigure } from '../../common/priceGuide';
import { GUIDE_FIGURE } from '../../web/src/testing/priceGuide';

const ORIGIN = 'https://interio.al';
const PICTURE = 'https://cdn.test/images/sub/a.png/1280.webp';

const business = (over: Partial<BusinessPageData> = {}): BusinessPageData => ({
  id: 'b-studio-arbri',
  slug: 'studio-arbri',
  name: 'Studio Arbri',
  picture: PICTURE,
  location: 'Tirana',
  towns: ['Tirana', 'Durrës'],
  categories: ['interior-design', 'furniture'],
  ratingAverage: 4.5,
  reviewCount: 2,
  finishedJobs: 3,
  verified: true,
  tier: 0,
  description: 'Studio dizajni interieri në Tiranë.',
  portfolio: ['https://cdn.test/images/sub/b.png/1280.webp', 'https://cdn.test/images/sub/c.png/1280.webp'],
  reviews: [
    {
      author: 'Elira K.',
      rating: 5,
      text: 'Punë shumë e pastër.',
      date: '2026-09-12T10:00:00.000Z',
      reply: { text: 'Faleminderit!', date: '2026-09-13T10:00:00.000Z' },
    },
    { author: 'Arben D.', rating: 4, text: 'Mirë.', date: '2026-08-01T10:00:00.000Z' },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  changedAt: '2026-09-13T10:00:00.000Z',
  ...over,
});

describe('slugs', () => {
  it('fold Albanian letters (ë, ç) and punctuation into readable words', () => {
    expect(slugify('Ngjyra Korça')).toBe('ngjyra-korca');
    expect(slugify('Mobileri Druri i Artë')).toBe('mobileri-druri-i-arte');
    expect(slugify('Pllaka & Banjo Shkodra')).toBe('pllaka-banjo-shkodra');
    expect(slugify('  ÇELËSI  Ë-ç ')).toBe('celesi-e-c');
    expect(slugify('Fushë-Krujë')).toBe('fushe-kruje');
  });

  it('are bounded, never empty, and numbered when taken', () => {
    expect(slugify('a'.repeat(100)).length).toBe(MAX_SLUG_LENGTH);
    expect(slugify(`${'a'.repeat(MAX_SLUG_LENGTH - 1)} b`)).toBe('a'.repeat(MAX_SLUG_LENGTH - 1));
    expect(businessSlugBase('!!! ???')).toBe('biznes');
    expect(slugAttempt('Studio Arbri', 'abcdef12-3456', 0)).toBe('studio-arbri');
    expect(slugAttempt('Studio Arbri', 'abcdef12-3456', 1)).toBe('studio-arbri-2');
    expect(slugAttempt('Studio Arbri', 'abcdef12-3456', 99)).toBe('studio-arbri-abcdef12');
  });

  it('change on a rename only when the name folds to other words', () => {
    expect(isCandidateOf('studio-arbri-3', 'studio-arbri')).toBe(true);
    expect(isCandidateOf('studio-arbri-x', 'studio-arbri')).toBe(false);
    expect(needsNewSlug({ slug: 'studio-arbri-2', businessName: 'STUDIO ARBRI!' })).toBe(false);
    expect(needsNewSlug({ slug: 'studio-arbri', businessName: 'Studio Arbër' })).toBe(true);
    expect(needsNewSlug({ businessName: 'Studio Arbri' })).toBe(true);
  });
});

describe('addresses', () => {
  const pages: PublicPage[] = [
    { kind: 'landing' },
    { kind: 'service', service: 'interior-design' },
    { kind: 'serviceTown', service: 'furniture', town: 'Durrës' },
    { kind: 'business', slug: 'studio-arbri' },
  ];

  it('read back as the page they name, in both languages, and are routed to the renderer', () => {
    for (const page of pages)
      for (const lang of ['sq', 'en'] as const) {
        const path = pagePath(page, lang);
        expect(parsePublicPath(path), path).toEqual({ lang, page });
        expect(isPublicPath(path), path).toBe(true);
      }
    expect(pagePath({ kind: 'serviceTown', service: 'interior-design', town: 'Korçë' }, 'sq')).toBe(
      '/sherbime/dizajn-interieri/korce',
    );
    expect(pagePath({ kind: 'service', service: 'interior-design' }, 'en')).toBe('/en/services/interior-design');
  });

  it('unknown services, towns and extra parts name no page; app routes are not public', () => {
    expect(parsePublicPath('/sherbime/kuzhina')).toEqual({ lang: 'sq' });
    expect(parsePublicPath('/en/services/furniture/atlantis')).toEqual({ lang: 'en' });
    expect(parsePublicPath('/en/business/a/b')).toEqual({ lang: 'en' });
    expect(parsePublicPath('/sherbime/interior-design')).toEqual({ lang: 'sq' });
    for (const app of ['/login', '/client-dashboard', '/post/create', '/app', '/assets/index.js', '/config.json'])
      expect(isPublicPath(app), app).toBe(false);
    for (const site of ['/robots.txt', '/sitemap.xml', '/sitemap-businesses.xml'])
      expect(isPublicPath(site)).toBe(true);
  });
});

describe('a business profile', () => {
  it('has its title, description, self canonical, reciprocal hreflang, Open Graph and Twitter tags', () => {
    const sq = readPage(businessHtml(ORIGIN, 'sq', business()));
    expect(sq.lang).toBe('sq');
    expect(sq.h1).toEqual(['Studio Arbri']);
    expect(sq.title).toBe('Studio Arbri · Dizajn interieri, Mobilieri në Tirana | Interio');
    expect(sq.description).toContain('★ 4.5/5 (2 vlerësime)');
    expect(sq.canonical).toBe(`${ORIGIN}/biznes/studio-arbri`);
    expect(sq.alternates).toEqual({
      sq: `${ORIGIN}/biznes/studio-arbri`,
      en: `${ORIGIN}/en/business/studio-arbri`,
      'x-default': `${ORIGIN}/biznes/studio-arbri`,
    });
    expect(sq.robots).toBeNull();
    expect(sq.meta['og:url']).toBe(sq.canonical);
    expect(sq.meta['og:image']).toBe('https://cdn.test/images/sub/b.png/1280.webp');
    expect(sq.meta['og:locale']).toBe('sq_AL');
    expect(sq.meta['twitter:card']).toBe('summary_large_image');
    expect(sq.meta['twitter:image']).toBe(sq.meta['og:image']);

    const en = readPage(businessHtml(ORIGIN, 'en', business()));
    expect(en.lang).toBe('en');
    expect(en.canonical).toBe(`${ORIGIN}/en/business/studio-arbri`);
    expect(en.alternates).toEqual(sq.alternates);
    // The crawlable language switch leads to the twin.
    expect(sq.links).toContain('/en/business/studio-arbri');
    expect(en.links).toContain('/biznes/studio-arbri');
  });

  it('shows portfolio pictures in processed widths with srcset, reviews with replies and the call to action', () => {
    const html = businessHtml(ORIGIN, 'en', business());
    expect(html).toContain('srcSet="https://cdn.test/images/sub/b.png/320.webp 320w');
    expect(html).toContain('Elira K.');
    expect(html).toContain('Faleminderit!');
    expect(html).toContain('href="/post/create"');
    expect(html).toContain('https://wa.me/?text=');
    expect(readPage(html).text).toContain('Verified business');
  });

  it('JSON-LD: a valid HomeAndConstructionBusiness with AggregateRating and Review, and a BreadcrumbList', async () => {
    const { jsonLd } = readPage(businessHtml(ORIGIN, 'sq', business()));
    expect(jsonLd.map((j) => j['@type'])).toEqual(['HomeAndConstructionBusiness', 'BreadcrumbList']);
    expect(jsonLd[0]).toMatchObject({
      name: 'Studio Arbri',
      url: `${ORIGIN}/biznes/studio-arbri`,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2 },
    });
    expect((jsonLd[0].review as unknown[]).length).toBe(2);
    expect(await structuredDataErrors(jsonLd)).toEqual([]);
  });

  it('JSON-LD without reviews has no AggregateRating or Review', async () => {
    const { jsonLd } = readPage(
      businessHtml(ORIGIN, 'en', business({ reviewCount: 0, ratingAverage: 0, reviews: [] })),
    );
    expect(jsonLd[0]).not.toHaveProperty('aggregateRating');
    expect(jsonLd[0]).not.toHaveProperty('review');
    expect(await structuredDataErrors(jsonLd)).toEqual([]);
  });

  it('the validator does find errors (the check can fail)', async () => {
    const broken = [{ '@context': 'https://schema.org', '@type': 'AggregateRating', ratingValue: 'many' }];
    expect((await structuredDataIssues(broken)).length).toBeGreaterThan(0);
    expect(await structuredDataErrors(broken)).not.toEqual([]);
  });
});

describe('directory pages', () => {
  const card = { ...business(), portfolio: undefined, reviews: undefined };
  const full: DirectoryData = {
    service: 'furniture',
    town: 'Durrës',
    businesses: [card as unknown as DirectoryData['businesses'][number]],
    towns: [{ town: 'Durrës', count: 1 }],
    guide: { currency: 'EUR', figure: null, towns: [] },
  };

  it('a service x town page with businesses is indexable, with an ItemList of their profiles', async () => {
    const page = readPage(directoryHtml(ORIGIN, 'sq', full));
    expect(page.h1).toEqual(['Mobilieri në Durrës']);
    expect(page.robots).toBeNull();
    expect(page.canonical).toBe(`${ORIGIN}/sherbime/mobilieri/durres`);
    expect(page.alternates.en).toBe(`${ORIGIN}/en/services/furniture/durres`);
    const list = page.jsonLd.find((j) => j['@type'] === 'ItemList')!;
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Studio Arbri', url: `${ORIGIN}/biznes/studio-arbri` },
    ]);
    expect(page.links).toContain('/biznes/studio-arbri');
    expect(await structuredDataErrors(page.jsonLd)).toEqual([]);
  });

  it('shows live Sponsored runs in a labelled block, each linked with rel="sponsored"; none: no block', () => {
    const sponsored = [
      { runId: 'r1', slug: 'studio-arbri', name: 'Studio Arbri', picture: 'https://cdn.example/a.webp' },
    ];
    for (const [lang, label, href] of [
      ['sq', 'Sponsorizuar', '/biznes/studio-arbri'],
      ['en', 'Sponsored', '/en/business/studio-arbri'],
    ] as const) {
      const html = directoryHtml(ORIGIN, lang, { ...full, sponsored });
      const block = /<section[^>]*data-sponsored[^>]*>[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      expect(block).toContain(label);
      expect(block).toMatch(new RegExp(`<a href="${href}" rel="sponsored">`));
    }
    expect(directoryHtml(ORIGIN, 'sq', { ...full, sponsored: [] })).not.toContain('data-sponsored');
  });

  it('an empty service x town page is noindex and out of the sitemap', () => {
    const page = readPage(directoryHtml(ORIGIN, 'en', { ...full, businesses: [], towns: [] }));
    expect(page.robots).toBe('noindex');
    expect(page.h1).toEqual(['Furniture in Durrës']);
    const pairs = pairsOf([{ ...card, categories: ['furniture'], towns: ['Durrës'] } as never]);
    expect(pairs).toEqual([{ service: 'furniture', town: 'Durrës', count: 1 }]);
    expect(pairs.some((p) => p.town === 'Vlorë')).toBe(false);
  });
});

describe('the price guide on directory pages', () => {
  const FIGURE: PriceFigure = { scope: 'town', ...GUIDE_FIGURE };
  const pair = (guide: DirectoryData['guide'], lang: 'sq' | 'en' = 'en') =>
    readPage(
      directoryHtml(ORIGIN, lang, {
        service: 'furniture',
        town: 'Durrës',
        businesses: [],
        towns: [],
        guide,
      }),
    );
  /** The page's text with every kind of space as a plain one (Intl writes no-break spaces in "1 200 €"). */
  const plain = (text: string) => text.replace(/\s+/g, ' ');

  it('a service x town page shows the pair’s median, middle half, range and basis, with how it is worked out', async () => {
    const page = pair({ currency: 'EUR', figure: FIGURE, towns: [] });
    const text = plain(page.text);
    expect(text).toContain('Prices for Furniture in Durrës');
    expect(text).toContain('In Durrës');
    expect(text).toContain('Median price€1,900');
    expect(text).toContain('€1,200 to €2,800');
    expect(text).toContain('€700 €5,200');
    expect(text).toContain('From 23 accepted offers · updated November 2026');
    expect(text).toContain('in the last 12 months, finished jobs included');
    expect(text).toContain('at least 5 accepted offers from at least 3 different businesses');
    expect(text).not.toContain('for all of Albania');
    // No structured data is made up for it: the page keeps its breadcrumb and list, valid.
    expect(page.jsonLd.map((j) => j['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
    expect(await structuredDataErrors(page.jsonLd)).toEqual([]);
  });

  it('in Albanian, prices written the Albanian way (Intl.NumberFormat, the web app’s options)', () => {
    const text = plain(pair({ currency: 'EUR', figure: FIGURE, towns: [] }, 'sq').text);
    expect(text).toContain('Çmimet për Mobilieri në Durrës');
    expect(text).toContain(`Çmimi mesatar (mediana)${plain(formatMoney('sq', 'EUR', 1900))}`);
    expect(plain(formatMoney('sq', 'EUR', 1900))).toMatch(/^1[. ]?900 €$/);
    expect(text).toContain(`${plain(formatMoney('sq', 'EUR', 1200))} deri në ${plain(formatMoney('sq', 'EUR', 2800))}`);
    expect(text).toContain('Nga 23 oferta të pranuara · përditësuar nëntor 2026');
    expect(text).toContain('të paktën 5 oferta të pranuara nga të paktën 3 biznese të ndryshme');
  });

  it('falls back to the figure across Albania, and says so', () => {
    const text = plain(pair({ currency: 'EUR', figure: { ...FIGURE, scope: 'country' }, towns: [] }).text);
    expect(text).toContain('Across Albania');
    expect(text).toContain('There are not enough accepted offers in Durrës yet, so this is for all of Albania.');
    expect(text).toContain('€1,900');
  });

  it('without a figure: "not enough accepted offers yet", in both languages, and no price', () => {
    const en = plain(pair({ currency: 'EUR', figure: null, towns: [] }).text);
    expect(en).toContain('Not enough accepted offers yet');
    expect(en).toContain('at least 5 offers for Furniture from at least 3 different businesses');
    expect(en).not.toMatch(/€\d/);
    const sq = plain(pair({ currency: 'EUR', figure: null, towns: [] }, 'sq').text);
    expect(sq).toContain('Ende nuk ka mjaft oferta të pranuara');
    expect(sq).not.toMatch(/\d €/);
  });

  it('a service page shows the figure across Albania and a table by town, linking to each town’s page', () => {
    const html = directoryHtml(ORIGIN, 'en', {
      service: 'furniture',
      businesses: [],
      towns: [],
      guide: {
        currency: 'ALL',
        figure: { ...FIGURE, scope: 'country', count: 40, median: 150000 },
        towns: [
          { town: 'Tirana', figure: { ...FIGURE, count: 30, median: 160000, p25: 120000, p75: 210000 } },
          { town: 'Korçë', figure: { ...FIGURE, count: 6, median: 90000, p25: 80000, p75: 110000 } },
        ],
      },
    });
    const page = readPage(html);
    const text = plain(page.text);
    expect(text).toContain('Prices for Furniture in Albania');
    expect(text).toContain('Across Albania');
    expect(text).toContain(plain(formatMoney('en', 'ALL', 150000)));
    const rows = [...html.matchAll(/<tr><th scope="row">(.*?)<\/tr>/g)].map((m) =>
      plain(m[1].replace(/<[^>]+>/g, '|')).replace(/\|+/g, '|'),
    );
    expect(rows).toEqual([
      `|Tirana|30|${plain(formatMoney('en', 'ALL', 160000))}|${plain(formatMoney('en', 'ALL', 120000))} to ${plain(formatMoney('en', 'ALL', 210000))}|`,
      `|Korçë|6|${plain(formatMoney('en', 'ALL', 90000))}|${plain(formatMoney('en', 'ALL', 80000))} to ${plain(formatMoney('en', 'ALL', 110000))}|`,
    ]);
    expect(page.links).toContain('/en/services/furniture/tirana');
    expect(page.links).toContain('/en/services/furniture/korce');
  });

  it('a service page whose towns have no figure of their own says so under the country’s', () => {
    const text = plain(
      directoryHtml(ORIGIN, 'en', {
        service: 'furniture',
        businesses: [],
        towns: [],
        guide: { currency: 'EUR', figure: { ...FIGURE, scope: 'country' }, towns: [] },
      }),
    );
    expect(text).toContain('No town has enough accepted offers of its own yet');
  });
});

describe('the landing page', () => {
  const data: LandingData = {
    stats: { businesses: 12, finishedJobs: 340, towns: 5 },
    services: PUBLIC_SERVICE_IDS.map((service, i) => ({ service, count: i })),
    pairs: [{ service: 'furniture', town: 'Tirana', count: 4 }],
    featured: [],
  };

  it('shows the real figures and links into every service page, in both languages', () => {
    const sq = readPage(landingHtml(ORIGIN, 'sq', data));
    expect(sq.canonical).toBe(`${ORIGIN}/`);
    expect(sq.alternates).toEqual({ sq: `${ORIGIN}/`, en: `${ORIGIN}/en/`, 'x-default': `${ORIGIN}/` });
    expect(sq.text).toContain('340');
    expect(sq.description).toContain('12 biznese në 5 qytete');
    for (const service of PUBLIC_SERVICE_IDS) expect(sq.links).toContain(pagePath({ kind: 'service', service }, 'sq'));
    expect(sq.links).toContain('/sherbime/mobilieri/tirana');
    const en = readPage(landingHtml(ORIGIN, 'en', data));
    expect(en.canonical).toBe(`${ORIGIN}/en/`);
    expect(en.links).toContain('/en/services/furniture/tirana');
  });

  it("says the spec's slogan, tagline and first-platform statement, About us, and carries the services carousel, in both languages", () => {
    for (const [lang, words] of [
      [
        'sq',
        {
          slogan: 'Zbukuroni shtëpinë me ne',
          tagline: 'Ngrini ambientin tuaj, pjesë pas pjese.',
          first: 'Platforma e parë online kushtuar dizajnit të interierit në Shqipëri.',
          about: 'Rreth nesh',
          next: 'Shërbimet e tjera',
        },
      ],
      [
        'en',
        {
          slogan: 'Decorate your home with us',
          tagline: 'Elevate your environment, one piece at a time.',
          first: 'The first online platform dedicated to interior design in Albania.',
          about: 'About us',
          next: 'Next services',
        },
      ],
    ] as const) {
      const html = landingHtml(ORIGIN, lang, data);
      const page = readPage(html);
      expect(page.h1, lang).toEqual([words.slogan]);
      for (const text of [words.tagline, words.first, words.about]) expect(page.text, lang).toContain(text);
      // The carousel: every service a card linking to its page, in one row the two buttons scroll.
      const track = /<ul class="carousel" id="([^"]+)">([\s\S]*?)<\/ul>/.exec(html);
      expect(track, lang).not.toBeNull();
      const cards = [...track![2].matchAll(/<li class="card service-card">[\s\S]*?<a href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(cards, lang).toEqual(PUBLIC_SERVICE_IDS.map((service) => pagePath({ kind: 'service', service }, lang)));
      expect(html).toContain(`data-carousel-step="1" aria-controls="${track![1]}" aria-label="${words.next}"`);
      expect(html).toContain(`data-carousel-step="-1" aria-controls="${track![1]}"`);
      // The landing's own JavaScript (its inline scripts) stays small: under 5 KB.
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(scripts).toEqual([SCRIPTS.signedInRedirect, SCRIPTS.carousel]);
      expect(Buffer.byteLength(scripts.join(''))).toBeLessThan(5 * 1024);
    }
  });
});

describe('privacy, lists and sitemaps', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('a client is shown as first name and initial', () => {
    expect(publicClientName('Elira Hoxha', 'Client')).toBe('Elira H.');
    expect(publicClientName('  Ana  Maria  Çela ', 'Client')).toBe('Ana Ç.');
    expect(publicClientName('Besa', 'Client')).toBe('Besa');
    expect(publicClientName(undefined, 'Klient')).toBe('Klient');
  });

  it('a business that turns its page off leaves the public list and every directory', () => {
    vi.stubEnv('TABLE_NAME', 'table');
    const before = {
      _id: 'b1',
      slug: 's',
      businessName: 'B',
      categories: ['decor', 'furniture'],
      location: 'Tirana',
    };
    const off = publicListWrites(before, { ...before, publicPage: false });
    expect(off.every((i) => i.Delete)).toBe(true);
    expect(off.map((i) => i.Delete!.Key)).toEqual([
      { pk: 'PUBLICBIZ', sk: 'b1' },
      { pk: 'DIR#decor', sk: 'b1' },
      { pk: 'DIR#furniture', sk: 'b1' },
    ]);
    const moved = publicListWrites(before, { ...before, categories: ['decor'], serviceTowns: ['Durrës'] });
    expect(moved.filter((i) => i.Put).map((i) => i.Put!.Item!.pk)).toEqual(['PUBLICBIZ', 'DIR#decor']);
    expect(moved.find((i) => i.Put?.Item?.pk === 'DIR#decor')!.Put!.Item!.towns).toEqual(['Durrës']);
    expect(moved.filter((i) => i.Delete).map((i) => i.Delete!.Key)).toEqual([{ pk: 'DIR#furniture', sk: 'b1' }]);
  });

  it('sitemap entries carry both languages with alternates, and lastmod only when given', () => {
    const xml = urlSet(ORIGIN, [
      { page: { kind: 'business', slug: 'studio-arbri' }, lastmod: '2026-09-13T10:00:00.000Z' },
      { page: { kind: 'serviceTown', service: 'furniture', town: 'Durrës' } },
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain(`<loc>${ORIGIN}/en/business/studio-arbri</loc><lastmod>2026-09-13T10:00:00.000Z</lastmod>`);
    expect(xml).toContain(`<loc>${ORIGIN}/sherbime/mobilieri/durres</loc><xhtml:link`);
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
    expect(xml).toContain(`hreflang="x-default" href="${ORIGIN}/sherbime/mobilieri/durres"`);
    expect(robotsTxt(ORIGIN, true)).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robotsTxt(ORIGIN, true)).not.toContain('Disallow');
    expect(robotsTxt(ORIGIN, false)).toContain('Disallow: /');
  });
});
