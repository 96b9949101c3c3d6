/**
 * What search engines and link previews read of a public page: its head (title, description, canonical,
 * hreflang, robots, Open Graph, Twitter) and its JSON-LD. Pure functions over the page's data; the pages
 * (pages/) render them. Every address is absolute on the configured site origin (config.siteUrl).
 */
import { BRAND } from '../../common/brand';
import { pagePath, type PublicLanguage, type PublicPage } from '../../common/publicPages';
import { DEFAULT_IMAGE_WIDTH, imageSources } from '../../common/images';
import type { BusinessPageData, DirectoryData } from './load';
import { format, serviceName } from './messages';

export interface Alternates {
  sq: string;
  en: string;
  'x-default': string;
}

export interface HeadData {
  lang: PublicLanguage;
  title: string;
  description: string;
  /** Absolute; absent on error pages. */
  canonical?: string;
  alternates?: Alternates;
  noindex?: boolean;
  image?: string;
  ogType: 'website' | 'profile';
  jsonLd: object[];
}

/** The absolute address of a page in a language. */
export const absolute = (origin: string, page: PublicPage, lang: PublicLanguage) => origin + pagePath(page, lang);

/** The page in both languages; Albanian is also the default for every other language. */
export function alternatesOf(origin: string, page: PublicPage): Alternates {
  const sq = absolute(origin, page, 'sq');
  return { sq, en: absolute(origin, page, 'en'), 'x-default': sq };
}

/** A picture address for previews: the default processed width (1280 px). */
export const previewImage = (address: string | undefined) => (address ? imageSources(address).src : undefined);

export const OG_LOCALE: Record<PublicLanguage, string> = { sq: 'sq_AL', en: 'en_GB' };

/** `<script type="application/ld+json">` text: JSON with `<` escaped so it can never close the script. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

export function breadcrumbList(items: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export function itemList(origin: string, lang: PublicLanguage, name: string, items: { slug: string; name: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      url: absolute(origin, { kind: 'business', slug: item.slug }, lang),
    })),
  };
}

/** The business as schema.org reads it: AggregateRating and Review only when it has reviews. */
export function businessJsonLd(origin: string, lang: PublicLanguage, b: BusinessPageData) {
  const url = absolute(origin, { kind: 'business', slug: b.slug }, lang);
  const images = [b.picture, ...b.portfolio].map(previewImage).filter((u): u is string => !!u);
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': `${url}#business`,
    name: b.name,
    url,
    ...(images.length ? { image: images } : {}),
    ...(b.description ? { description: b.description } : {}),
    address: { '@type': 'PostalAddress', addressLocality: b.location, addressCountry: 'AL' },
    areaServed: b.towns.map((t) => ({ '@type': 'City', name: t })),
    knowsAbout: b.categories.map((c) => serviceName(lang, c)),
    ...(b.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: b.ratingAverage,
            ratingCount: b.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          review: b.reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author },
            datePublished: r.date.slice(0, 10),
            reviewBody: r.text,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

const homeCrumb = (origin: string, lang: PublicLanguage) => ({
  name: format(lang, 'site.breadcrumb.home'),
  url: absolute(origin, { kind: 'landing' }, lang),
});

/** The breadcrumb trail of a page (also shown on it). */
export function crumbsOf(origin: string, lang: PublicLanguage, page: PublicPage, name?: string) {
  const trail = [homeCrumb(origin, lang)];
  if (page.kind === 'service' || page.kind === 'serviceTown')
    trail.push({
      name: serviceName(lang, page.service),
      url: absolute(origin, { kind: 'service', service: page.service }, lang),
    });
  if (page.kind === 'serviceTown') trail.push({ name: page.town, url: absolute(origin, page, lang) });
  if (page.kind === 'business') trail.push({ name: name ?? page.slug, url: absolute(origin, page, lang) });
  return trail;
}

/** The head of a business profile. */
export function businessHead(origin: string, lang: PublicLanguage, b: BusinessPageData): HeadData {
  const page: PublicPage = { kind: 'business', slug: b.slug };
  const services = b.categories.map((c) => serviceName(lang, c)).join(', ') || format(lang, 'site.tagline');
  const rating =
    b.reviewCount > 0
      ? format(lang, 'business.ratingSuffix', { rating: b.ratingAverage.toFixed(1), count: b.reviewCount })
      : '';
  const about = b.description ? ` ${b.description.replace(/\s+/g, ' ').slice(0, 110).trim()}` : '';
  return {
    lang,
    title: format(lang, 'business.title', { name: b.name, services, town: b.location, brand: BRAND.name }),
    description: (format(lang, 'business.description', { name: b.name, services, town: b.location }) + about + rating)
      .slice(0, 300)
      .trim(),
    canonical: absolute(origin, page, lang),
    alternates: alternatesOf(origin, page),
    image: previewImage(b.portfolio[0] ?? b.picture),
    ogType: 'profile',
    jsonLd: [businessJsonLd(origin, lang, b), breadcrumbList(crumbsOf(origin, lang, page, b.name))],
  };
}

/** The head of a service or service x town page: noindex when no business is listed (no thin pages). */
export function directoryHead(origin: string, lang: PublicLanguage, d: DirectoryData): HeadData {
  const page: PublicPage = d.town
    ? { kind: 'serviceTown', service: d.service, town: d.town }
    : { kind: 'service', service: d.service };
  const service = serviceName(lang, d.service);
  const values = { service, town: d.town ?? '', count: d.businesses.length, brand: BRAND.name };
  const empty = d.businesses.length === 0;
  const heading = d.town ? format(lang, 'serviceTown.heading', values) : format(lang, 'service.heading', values);
  return {
    lang,
    title: d.town ? format(lang, 'serviceTown.title', values) : format(lang, 'service.title', values),
    description:
      empty && d.town
        ? format(lang, 'serviceTown.emptyDescription', values)
        : d.town
          ? format(lang, 'serviceTown.description', values)
          : format(lang, 'service.description', values),
    canonical: absolute(origin, page, lang),
    alternates: alternatesOf(origin, page),
    noindex: empty,
    image: previewImage(d.businesses.find((b) => b.picture)?.picture),
    ogType: 'website',
    jsonLd: [breadcrumbList(crumbsOf(origin, lang, page)), itemList(origin, lang, heading, d.businesses)],
  };
}

/** The head of the landing page. */
export function landingHead(
  origin: string,
  lang: PublicLanguage,
  stats: { businesses: number; finishedJobs: number; towns: number },
  image: string | undefined,
): HeadData {
  const page: PublicPage = { kind: 'landing' };
  const url = absolute(origin, page, lang);
  return {
    lang,
    title: format(lang, 'landing.title', { brand: BRAND.name }),
    description: format(lang, 'landing.description', {
      businesses: stats.businesses,
      towns: stats.towns,
      jobs: stats.finishedJobs,
    }),
    canonical: url,
    alternates: alternatesOf(origin, page),
    image: previewImage(image),
    ogType: 'website',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: BRAND.name,
        url,
        inLanguage: lang,
      },
      breadcrumbList(crumbsOf(origin, lang, page)),
    ],
  };
}

/** The head of a 404 or 410 page: never indexed, no canonical. */
export function statusHead(lang: PublicLanguage, status: 404 | 410): HeadData {
  const key = status === 410 ? 'gone' : 'notFound';
  return {
    lang,
    title: format(lang, `${key}.title`, { brand: BRAND.name }),
    description: format(lang, `${key}.body`),
    noindex: true,
    ogType: 'website',
    jsonLd: [],
  };
}

/** The preview picture's stated width (the processed default). */
export const PREVIEW_IMAGE_WIDTH = DEFAULT_IMAGE_WIDTH;
