/** Routing and rendering of the public site (the Lambda entry point is handler.ts, whose comment says what it answers). */
import { BRAND } from '../../common/brand';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import {
  pagePath,
  parsePublicPath,
  ROBOTS_PATH,
  SITEMAP_INDEX_PATH,
  SITEMAP_PATHS,
  type PublicLanguage,
  type PublicPage,
} from '../../common/publicPages';
import { config } from '../lib/config';
import { createLogger } from '../lib/log';
import {
  loadBoard,
  loadBusiness,
  loadDirectory,
  loadIdea,
  loadIdeas,
  loadIdeasSitemap,
  loadLanding,
  loadSitemapData,
  type BoardPageData,
  type BusinessPageData,
  type DirectoryData,
  type IdeaPageData,
  type IdeasData,
  type LandingData,
} from './load';
import {
  BoardPage,
  BusinessPage,
  DirectoryPage,
  IdeaPage,
  IdeasGalleryPage,
  Document,
  LandingPage,
  PrivacyPage,
  privacyHead,
  SCRIPTS,
  StatusPage,
} from './pages';
import { boardHead, businessHead, directoryHead, ideaHead, ideasHead, landingHead, statusHead } from './seo';
import { robotsTxt, sitemapIndex, urlSet } from './sitemap';
import { format } from './messages';

export interface SiteEvent {
  rawPath: string;
  rawQueryString?: string;
  headers?: Record<string, string | undefined>;
  requestContext?: { http?: { method?: string } };
}

export interface SiteResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Cache-Control of each kind of answer (the CDN keeps `s-maxage`; browsers revalidate every time). */
export const CACHE_CONTROL = {
  page: 'public, max-age=0, s-maxage=600, stale-while-revalidate=86400, stale-if-error=86400',
  redirect: 'public, max-age=0, s-maxage=600, stale-while-revalidate=86400, stale-if-error=86400',
  missing: 'public, max-age=0, s-maxage=60, stale-if-error=86400',
  resource: 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400',
  error: 'no-store',
} as const;

const HTML = 'text/html; charset=utf-8';
const log = createLogger({ function: 'site' });

function answer(statusCode: number, body: string, headers: Record<string, string>): SiteResult {
  return {
    statusCode,
    headers: { ...headers, ...(config.siteIndexable ? {} : { 'x-robots-tag': 'noindex' }) },
    body,
  };
}

/** A whole document: React renders it to static HTML (no hydration: the pages need no JavaScript). */
const documentHtml = (element: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

const html = (statusCode: number, element: ReactElement, lang: PublicLanguage, cache: string) =>
  answer(statusCode, documentHtml(element), {
    'content-type': HTML,
    'content-language': lang,
    'cache-control': cache,
  });

const redirect = (location: string) =>
  answer(301, '', { location, 'cache-control': CACHE_CONTROL.redirect, 'content-type': HTML });

function statusPage(lang: PublicLanguage, status: 404 | 410): SiteResult {
  const head = statusHead(lang, status);
  return html(
    status,
    <Document head={head}>
      <StatusPage lang={lang} status={status} />
    </Document>,
    lang,
    CACHE_CONTROL.missing,
  );
}

const xml = (body: string) =>
  answer(200, body, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE_CONTROL.resource });

/** The landing page's HTML (pure: the data is loaded already). */
export function landingHtml(origin: string, lang: PublicLanguage, data: LandingData): string {
  const image = data.featured.find((b) => b.picture)?.picture;
  return documentHtml(
    <Document
      head={landingHead(origin, lang, data.stats, image)}
      page={{ kind: 'landing' }}
      scripts={[SCRIPTS.signedInRedirect, SCRIPTS.carousel]}
    >
      <LandingPage lang={lang} data={data} />
    </Document>,
  );
}

/** A service or service x town page's HTML. */
export function directoryHtml(origin: string, lang: PublicLanguage, data: DirectoryData): string {
  const page: PublicPage = data.town
    ? { kind: 'serviceTown', service: data.service, town: data.town }
    : { kind: 'service', service: data.service };
  return documentHtml(
    <Document head={directoryHead(origin, lang, data)} page={page}>
      <DirectoryPage origin={origin} lang={lang} data={data} />
    </Document>,
  );
}

/** A business profile's HTML. */
export function businessHtml(origin: string, lang: PublicLanguage, data: BusinessPageData): string {
  const head = businessHead(origin, lang, data);
  return documentHtml(
    <Document head={head} page={{ kind: 'business', slug: data.slug }} scripts={[SCRIPTS.share]}>
      <BusinessPage origin={origin} lang={lang} data={data} url={head.canonical!} />
    </Document>,
  );
}

/** A gallery of ideas' HTML. */
export function ideasHtml(origin: string, lang: PublicLanguage, data: IdeasData): string {
  return documentHtml(
    <Document head={ideasHead(origin, lang, data)} page={data.page}>
      <IdeasGalleryPage origin={origin} lang={lang} data={data} />
    </Document>,
  );
}

/** An idea's HTML. */
export function ideaHtml(origin: string, lang: PublicLanguage, data: IdeaPageData): string {
  const head = ideaHead(origin, lang, data);
  return documentHtml(
    <Document head={head} page={{ kind: 'idea', id: data.idea.id }} scripts={[SCRIPTS.share]}>
      <IdeaPage origin={origin} lang={lang} data={data} url={head.canonical!} />
    </Document>,
  );
}

/** A shared board's HTML. */
export function boardHtml(origin: string, lang: PublicLanguage, data: BoardPageData): string {
  return documentHtml(
    <Document head={boardHead(origin, lang, data)} page={{ kind: 'board', id: data.id }}>
      <BoardPage origin={origin} lang={lang} data={data} />
    </Document>,
  );
}

const page200 = (lang: PublicLanguage, body: string) =>
  answer(200, body, { 'content-type': HTML, 'content-language': lang, 'cache-control': CACHE_CONTROL.page });

async function renderPage(origin: string, lang: PublicLanguage, page: PublicPage): Promise<SiteResult> {
  switch (page.kind) {
    case 'landing':
      return page200(lang, landingHtml(origin, lang, await loadLanding()));
    case 'service':
    case 'serviceTown': {
      const data = await loadDirectory(page.service, page.kind === 'serviceTown' ? page.town : undefined);
      return page200(lang, directoryHtml(origin, lang, data));
    }
    case 'business': {
      const found = await loadBusiness(page.slug, format(lang, 'business.client'));
      if (found.kind === 'missing') return statusPage(lang, 404);
      if (found.kind === 'gone') return statusPage(lang, 410);
      if (found.kind === 'moved') return redirect(pagePath({ kind: 'business', slug: found.slug }, lang));
      return page200(lang, businessHtml(origin, lang, found.data));
    }
    case 'privacy':
      return page200(
        lang,
        documentHtml(
          <Document head={privacyHead(origin, lang)} page={page}>
            <PrivacyPage lang={lang} />
          </Document>,
        ),
      );
    case 'ideas': {
      const data = await loadIdeas(page);
      return data ? page200(lang, ideasHtml(origin, lang, data)) : statusPage(lang, 404);
    }
    case 'idea': {
      const found = await loadIdea(page.id);
      if (found.kind === 'missing') return statusPage(lang, 404);
      if (found.kind === 'gone') return statusPage(lang, 410);
      return page200(lang, ideaHtml(origin, lang, found.data));
    }
    case 'board': {
      const data = await loadBoard(page.id);
      return data ? page200(lang, boardHtml(origin, lang, data)) : statusPage(lang, 404);
    }
  }
}

async function route(path: string): Promise<SiteResult> {
  const origin = config.siteUrl;
  if (path === ROBOTS_PATH)
    return answer(200, robotsTxt(origin, config.siteIndexable), {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': CACHE_CONTROL.resource,
    });
  if (path === SITEMAP_INDEX_PATH) return xml(sitemapIndex(origin));
  if (path === SITEMAP_PATHS.static)
    return xml(
      urlSet(origin, [
        { page: { kind: 'landing' } },
        { page: { kind: 'privacy' } },
        ...(await loadSitemapData()).services.map((service) => ({ page: { kind: 'service', service } as PublicPage })),
      ]),
    );
  if (path === SITEMAP_PATHS.businesses) {
    const { businesses } = await loadSitemapData();
    return xml(
      urlSet(
        origin,
        businesses.map((b) => ({ page: { kind: 'business', slug: b.slug }, lastmod: b.lastmod })),
      ),
    );
  }
  if (path === SITEMAP_PATHS.directory) {
    const { pairs } = await loadSitemapData();
    return xml(
      urlSet(
        origin,
        pairs.map((p) => ({ page: { kind: 'serviceTown', service: p.service, town: p.town } })),
      ),
    );
  }
  if (path === SITEMAP_PATHS.ideas) {
    const { ideas, galleries } = await loadIdeasSitemap();
    return xml(
      urlSet(origin, [
        ...galleries.map((page) => ({ page })),
        ...ideas.map((i) => ({ page: { kind: 'idea', id: i.id } as PublicPage, lastmod: i.lastmod })),
      ]),
    );
  }
  if (path === '/en') return redirect('/en/');
  const { lang, page } = parsePublicPath(path);
  // One address per page: a trailing slash (but the landing's) is dropped.
  if (page && page.kind !== 'landing' && path.endsWith('/')) return redirect(pagePath(page, lang));
  if (!page) return statusPage(lang, 404);
  return renderPage(origin, lang, page);
}

export async function renderSite(event: SiteEvent): Promise<SiteResult> {
  const path = event.rawPath || '/';
  try {
    return await route(path);
  } catch (err) {
    log.error('Public page failed', { path, error: err instanceof Error ? err.message : String(err) });
    // The CDN serves its stale copy when it has one (stale-if-error); nothing here may be cached.
    return answer(
      500,
      `<!DOCTYPE html><html><head><title>${BRAND.name}</title></head><body><h1>500</h1></body></html>`,
      {
        'content-type': HTML,
        'cache-control': CACHE_CONTROL.error,
      },
    );
  }
}
