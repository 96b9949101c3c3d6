/**
 * Ideas without I/O: the price bands and their boundaries, the tags a form suggests, the lists a filter names, and the
 * ideas' public pages (their addresses both ways, head tags, JSON-LD checked by the structured-data validator,
 * thin and next pages noindex, a board never indexed, the sitemap's entries).
 */
import { describe, expect, it } from 'vitest';
import {
  IDEA_ROOMS,
  IDEA_STYLES,
  IDEAS_INDEXABLE_MIN,
  isIdeaListShape,
  isPriceBand,
  PRICE_BAND_BOUNDARIES,
  priceBandOf,
  requestLikeIdeaPath,
  suggestIdeaTags,
} from '../../common/ideas';
import { isPublicPath, pagePath, parsePublicPath, PUBLIC_SERVICE_IDS, type PublicPage } from '../../common/publicPages';
import type { IdeaPageData, IdeasData, PublicIdea } from '../../lambdas/site/load';
import { boardHtml, ideaHtml, ideasHtml } from '../../lambdas/site/render';
import { bandText } from '../../lambdas/site/ideaTexts';
import { urlSet } from '../../lambdas/site/sitemap';
import { readPage, structuredDataErrors } from '../support/publicPages';
import { TOWNS } from '../../common/constants';
import { formatMoney } from '../../common/money';

const ORIGIN = 'https://interio.al';

const idea = (over: Partial<PublicIdea> = {}): PublicIdea => ({
  id: 'Ab3dEf6hIj9kLm2nOp5qRs',
  picture: 'https://cdn.test/images/sub/k.png/1280.webp',
  size: { width: 2048, height: 1365 },
  room: 'kitchen',
  style: 'modern',
  service: 'furniture',
  town: 'Tirana',
  source: 'job',
  createdAt: '2026-10-02T09:00:00.000Z',
  business: {
    id: 'b1',
    name: 'Studio Arbri',
    slug: 'studio-arbri',
    location: 'Tirana',
    ratingAverage: 4.5,
    reviewCount: 2,
    verified: true,
  },
  band: { min: 1000, max: 2500 },
  ...over,
});

const gallery = (over: Partial<IdeasData> = {}): IdeasData => ({
  page: { kind: 'ideas', room: 'kitchen' },
  ideas: [idea(), idea({ id: 'x2', band: undefined, style: undefined }), idea({ id: 'x3', town: 'Durrës' })],
  towns: ['Durrës', 'Tirana'],
  currency: 'EUR',
  ...over,
});

describe('price bands', () => {
  it('give a band around a price, never the price, with open ends', () => {
    expect(priceBandOf(1800, 'EUR')).toEqual({ min: 1000, max: 2500 });
    expect(priceBandOf(1000, 'EUR')).toEqual({ min: 1000, max: 2500 });
    expect(priceBandOf(499.99, 'EUR')).toEqual({ max: 500 });
    expect(priceBandOf(50_000, 'EUR')).toEqual({ min: 50_000 });
    expect(priceBandOf(180_000, 'ALL')).toEqual({ min: 100_000, max: 250_000 });
    for (const currency of ['EUR', 'ALL', 'USD'] as const) {
      const bounds = PRICE_BAND_BOUNDARIES[currency];
      expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
      for (const price of [1, bounds[0], bounds[2] + 1, bounds.at(-1)! * 3]) {
        const band = priceBandOf(price, currency);
        expect(isPriceBand(band, currency)).toBe(true);
        expect((band.min ?? 0) <= price && price < (band.max ?? Infinity)).toBe(true);
      }
    }
    expect(isPriceBand({ min: 1000, max: 2000 }, 'EUR')).toBe(false);
  });

  it('are written in the reader’s language and the stage’s currency', () => {
    expect(bandText('en', { min: 1000, max: 2500 }, 'EUR')).toBe('€1,000 to €2,500');
    expect(bandText('en', { max: 500 }, 'EUR')).toBe('Under €500');
    expect(bandText('en', { min: 50_000 }, 'EUR')).toBe('€50,000 or more');
    expect(bandText('sq', { min: 1000, max: 2500 }, 'EUR')).toBe(
      `${formatMoney('sq', 'EUR', 1000)} deri në ${formatMoney('sq', 'EUR', 2500)}`,
    );
  });
});

describe('tags and lists', () => {
  it('suggests the room and style a business used most, else the room of its service, and the job’s service', () => {
    expect(suggestIdeaTags({ services: ['bathroom', 'flooring'], recent: [] })).toEqual({
      room: 'bathroom',
      service: 'bathroom',
    });
    expect(
      suggestIdeaTags({
        services: ['furniture'],
        recent: [{ room: 'kitchen', style: 'modern' }, { room: 'kitchen' }, { room: 'bedroom', style: 'modern' }],
        jobServices: ['decor'],
      }),
    ).toEqual({ room: 'kitchen', style: 'modern', service: 'decor' });
    expect(suggestIdeaTags({ services: [], recent: [] })).toEqual({});
  });

  it('knows the filters that are one list each, and no other mix', () => {
    for (const ok of [
      {},
      { room: 'kitchen' },
      { room: 'kitchen', town: 'Tirana' },
      { style: 'modern' },
      { service: 'decor' },
    ])
      expect(isIdeaListShape(ok as never), JSON.stringify(ok)).toBe(true);
    for (const bad of [{ town: 'Tirana' }, { room: 'kitchen', style: 'modern' }, { business: 'b', room: 'kitchen' }])
      expect(isIdeaListShape(bad as never), JSON.stringify(bad)).toBe(false);
  });
});

describe('addresses', () => {
  const every: PublicPage[] = [
    { kind: 'ideas' },
    ...IDEA_ROOMS.map((room) => ({ kind: 'ideas' as const, room })),
    ...IDEA_ROOMS.map((room) => ({ kind: 'ideas' as const, room, town: 'Korçë' })),
    ...IDEA_STYLES.map((style) => ({ kind: 'ideas' as const, style })),
    ...PUBLIC_SERVICE_IDS.map((service) => ({ kind: 'ideas' as const, service })),
    { kind: 'ideas', room: 'bathroom', town: 'Shkodër', after: 'eyJwayI6IklERUFTI' },
    { kind: 'ideas', after: 'abc_DEF-123' },
    { kind: 'idea', id: 'Ab3dEf6hIj9kLm2nOp5qRs' },
    { kind: 'board', id: '0b6f1f0e-1f38-4a52-9d36-2bde6b1d9a11' },
  ];

  it('read back the page each writes, in both languages, and are public paths', () => {
    for (const page of every)
      for (const lang of ['sq', 'en'] as const) {
        const path = pagePath(page, lang);
        expect(parsePublicPath(path), path).toEqual({ lang, page });
        expect(isPublicPath(path), path).toBe(true);
      }
    expect(pagePath({ kind: 'ideas', room: 'kitchen', town: 'Korçë' }, 'sq')).toBe('/ide/kuzhina/korce');
    expect(pagePath({ kind: 'ideas', style: 'scandinavian' }, 'en')).toBe('/en/ideas/style/scandinavian');
    expect(pagePath({ kind: 'idea', id: 'x1' }, 'sq')).toBe('/ide/foto/x1');
  });

  it('names no page for unknown rooms, towns, styles, services, positions or ids', () => {
    for (const path of [
      '/ide/garazh',
      '/ide/kuzhina/atlantis',
      '/ide/stil/barok',
      '/ide/sherbim/nothing',
      '/ide/foto',
      '/ide/foto/a/b',
      '/ide/foto/<x>',
      '/ide/kuzhina/tirana/extra',
      '/ide/pas/%3Cscript%3E',
      '/en/ideas/kitchen/tirana/after/a/b',
      '/en/ideas/photo/' + 'a'.repeat(200),
    ])
      expect(parsePublicPath(path).page, path).toBeUndefined();
    // The app's own idea page is not a public page.
    expect(isPublicPath('/ideas/x1')).toBe(false);
    expect(requestLikeIdeaPath('x1')).toBe('/post/create?idea=x1');
    expect(TOWNS).toContain('Korçë');
  });
});

describe('a gallery page', () => {
  it('has its heading, canonical, reciprocal hreflang, an ItemList of the ideas’ pages and a valid JSON-LD', async () => {
    const sq = readPage(ideasHtml(ORIGIN, 'sq', gallery()));
    expect(sq.h1).toEqual(['Ide për kuzhinën']);
    expect(sq.canonical).toBe(`${ORIGIN}/ide/kuzhina`);
    expect(sq.alternates).toEqual({
      sq: `${ORIGIN}/ide/kuzhina`,
      en: `${ORIGIN}/en/ideas/kitchen`,
      'x-default': `${ORIGIN}/ide/kuzhina`,
    });
    expect(sq.robots).toBeNull();
    expect(sq.meta['og:image']).toBe('https://cdn.test/images/sub/k.png/1280.webp');
    expect(sq.links).toContain('/ide/foto/Ab3dEf6hIj9kLm2nOp5qRs');
    expect(sq.links).toContain('/ide/kuzhina/durres');
    expect(sq.text).toContain('Kushtoi');
    const list = sq.jsonLd.find((j) => j['@type'] === 'ItemList')!;
    expect((list.itemListElement as { url: string }[])[0].url).toBe(`${ORIGIN}/ide/foto/Ab3dEf6hIj9kLm2nOp5qRs`);
    expect(await structuredDataErrors(sq.jsonLd)).toEqual([]);
    const en = readPage(ideasHtml(ORIGIN, 'en', gallery({ page: { kind: 'ideas', room: 'kitchen', town: 'Tirana' } })));
    expect(en.h1).toEqual(['Kitchen ideas in Tirana']);
    expect(en.canonical).toBe(`${ORIGIN}/en/ideas/kitchen/tirana`);
  });

  it('the first pictures load at once (the first first of all), the rest when they come near, each with its size', () => {
    const many = gallery({ ideas: Array.from({ length: 8 }, (_, i) => idea({ id: `i${i}` })) });
    const html = ideasHtml(ORIGIN, 'en', many);
    const imgs = [...html.matchAll(/<img [^>]*class="idea-picture"[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(8);
    expect(imgs.filter((i) => i.includes('loading="lazy"'))).toHaveLength(4);
    expect(imgs[0].toLowerCase()).toContain('fetchpriority="high"');
    for (const img of imgs) expect(img).toMatch(/srcset="[^"]*320w[^"]*2048w"/i);
    for (const img of imgs) expect(img).toMatch(/width="640" height="480"/);
  });

  it('is noindex when thin, and every next page is, with its own canonical and a way back', () => {
    const thin = gallery({ ideas: [idea()].slice(0, IDEAS_INDEXABLE_MIN - 1) });
    expect(readPage(ideasHtml(ORIGIN, 'sq', thin)).robots).toBe('noindex');
    const empty = readPage(ideasHtml(ORIGIN, 'en', gallery({ ideas: [] })));
    expect(empty.robots).toBe('noindex');
    expect(empty.text).toContain('No ideas here yet.');
    const next = readPage(
      ideasHtml(ORIGIN, 'sq', gallery({ page: { kind: 'ideas', room: 'kitchen', after: 'abc' }, next: 'def' })),
    );
    expect(next.robots).toBe('noindex');
    expect(next.canonical).toBe(`${ORIGIN}/ide/kuzhina/pas/abc`);
    expect(next.links).toContain('/ide/kuzhina/pas/def');
    expect(next.links).toContain('/ide/kuzhina');
  });
});

describe('an idea’s page', () => {
  const data = (over: Partial<PublicIdea> = {}): IdeaPageData => ({
    idea: idea(over),
    moreFromBusiness: [idea({ id: 'm1' })],
    similar: [idea({ id: 's1', business: { ...idea().business, id: 'b2', name: 'Druri' } })],
    currency: 'EUR',
  });

  it('shows the picture large, who made it, what it cost, and leads into the app', () => {
    const en = readPage(ideaHtml(ORIGIN, 'en', data()));
    expect(en.h1).toEqual(['Kitchen in a modern style, Tirana']);
    expect(en.title).toBe('Kitchen in a modern style, Tirana · Studio Arbri | Interio');
    expect(en.canonical).toBe(`${ORIGIN}/en/ideas/photo/Ab3dEf6hIj9kLm2nOp5qRs`);
    expect(en.meta['og:type']).toBe('article');
    expect(en.meta['og:image']).toBe('https://cdn.test/images/sub/k.png/1280.webp');
    expect(en.description).toContain('It cost €1,000 to €2,500.');
    expect(en.text).toContain('€1,000 to €2,500');
    expect(en.text).toContain('Verified business');
    expect(en.text).toContain('More from Studio Arbri');
    expect(en.text).toContain('Similar ideas');
    expect(en.links).toEqual(
      expect.arrayContaining([
        '/post/create?idea=Ab3dEf6hIj9kLm2nOp5qRs',
        '/ideas/Ab3dEf6hIj9kLm2nOp5qRs',
        '/en/business/studio-arbri',
        '/en/ideas/kitchen/tirana',
        '/en/ideas/style/modern',
        '/en/ideas/service/furniture',
      ]),
    );
    const html = ideaHtml(ORIGIN, 'en', data());
    const large = /<img [^>]*class="idea-large"[^>]*>/.exec(html)![0];
    expect(large).toContain('width="2048" height="1365"');
  });

  it('has an ImageObject by its business and a breadcrumb, valid for the validator', async () => {
    const sq = readPage(ideaHtml(ORIGIN, 'sq', data()));
    const image = sq.jsonLd.find((j) => j['@type'] === 'ImageObject')!;
    expect(image).toMatchObject({
      contentUrl: 'https://cdn.test/images/sub/k.png/2048.webp',
      creator: { '@type': 'Organization', name: 'Studio Arbri', url: `${ORIGIN}/biznes/studio-arbri` },
      creditText: 'Studio Arbri',
      width: 2048,
      height: 1365,
    });
    expect(await structuredDataErrors(sq.jsonLd)).toEqual([]);
  });

  it('shows no cost where its client did not agree, and no link to a page the business turned off', () => {
    const en = readPage(
      ideaHtml(ORIGIN, 'en', data({ band: undefined, business: { ...idea().business, slug: undefined } })),
    );
    expect(en.text).not.toContain('What it cost');
    expect(en.description).not.toContain('It cost');
    expect(en.links).not.toContain('/en/business/studio-arbri');
  });
});

describe('a shared board', () => {
  it('is never indexed, and invites a visitor to start their own', () => {
    const page = readPage(
      boardHtml(ORIGIN, 'sq', { id: 'board-1', name: 'Kuzhina jonë', ideas: [idea()], currency: 'EUR' }),
    );
    expect(page.robots).toBe('noindex');
    expect(page.h1).toEqual(['Kuzhina jonë']);
    expect(page.links).toContain('/boards');
  });
});

describe('the ideas’ sitemap', () => {
  it('lists each idea and gallery in both languages with their alternates', () => {
    const xml = urlSet(ORIGIN, [
      { page: { kind: 'ideas', room: 'kitchen', town: 'Tirana' } },
      { page: { kind: 'idea', id: 'x1' }, lastmod: '2026-10-02T09:00:00.000Z' },
    ]);
    expect(xml).toContain(`<loc>${ORIGIN}/ide/kuzhina/tirana</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/en/ideas/kitchen/tirana</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/ide/foto/x1</loc><lastmod>2026-10-02T09:00:00.000Z</lastmod>`);
    expect(xml).toContain(`hreflang="en" href="${ORIGIN}/en/ideas/photo/x1"`);
  });
});
