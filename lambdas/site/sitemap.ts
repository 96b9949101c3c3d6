/**
 * robots.txt and the sitemaps: an index (/sitemap.xml) naming one child per kind of page. Every <url> has its
 * <loc>, the alternates of both languages and x-default (xhtml:link), and a <lastmod> only where it is known to be
 * true (a business: when its profile, a review of it or its reply last changed; other pages have none). Service x
 * town pages without a business are left out (they are noindex).
 */
import { PUBLIC_LANGUAGES, SITEMAP_INDEX_PATH, SITEMAP_PATHS, type PublicPage } from '../../common/publicPages';
import { absolute, alternatesOf } from './seo';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function robotsTxt(origin: string, indexable: boolean): string {
  // Staging is never crawled. In production nothing is disallowed: the app's screens carry noindex, which a
  // Disallow would hide from crawlers.
  return indexable
    ? `User-agent: *\nAllow: /\n\nSitemap: ${origin}${SITEMAP_INDEX_PATH}\n`
    : `User-agent: *\nDisallow: /\n\nSitemap: ${origin}${SITEMAP_INDEX_PATH}\n`;
}

export function sitemapIndex(origin: string): string {
  const entries = Object.values(SITEMAP_PATHS)
    .map((p) => `<sitemap><loc>${escapeXml(origin + p)}</loc></sitemap>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>\n`;
}

/** One <url> per language of each page, each listing every alternate. */
export function urlSet(origin: string, pages: { page: PublicPage; lastmod?: string }[]): string {
  const urls = pages.flatMap(({ page, lastmod }) => {
    const alternates = Object.entries(alternatesOf(origin, page))
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`)
      .join('');
    return PUBLIC_LANGUAGES.map(
      (lang) =>
        `<url><loc>${escapeXml(absolute(origin, page, lang))}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}
