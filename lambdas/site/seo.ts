/**
 * What search engines and link previews read of a public page: its head (title, description, canonical,
 * hreflang, robots, Open Graph, Twitter) and its JSON-LD. Pure functions over the page's data; the pages
 * (pages/) render them. Every address is absolute on the configured site origin (config.siteUrl).
 */
import { BRAND } from '../../common/brand';
import { firstPageOf, pagePath, type IdeasPage, type PublicLanguage, type PublicPage } from '../../common/publicPages';
import { DEFAULT_IMAGE_WIDTH, imageSources } from '../../common/images';
import type { BoardPageData, BusinessPageData, DirectoryData, IdeaPageData, IdeasData, PublicIdea } from './load';
import { format, serviceName } from './messages';
import { IDEAS_INDEXABLE_MIN } from '../../common/ideas';
import { bandText, galleryHeading, ideaCaption, roomName } from './ideaTexts';

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
  ogType: 'website' | 'profile' | 'article';
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
  if (page.kind === 'ideas' || page.kind === 'idea' || page.kind === 'board') {
    const all: IdeasPage = { kind: 'ideas' };
    trail.push({ name: format(lang, 'ideas.crumb'), url: absolute(origin, all, lang) });
    const gallery = page.kind === 'ideas' ? firstPageOf(page) : undefined;
    if (gallery?.room) {
      const room: IdeasPage = { kind: 'ideas', room: gallery.room };
      trail.push({ name: roomName(lang, gallery.room), url: absolute(origin, room, lang) });
      if (gallery.town) trail.push({ name: gallery.town, url: absolute(origin, gallery, lang) });
    } else if (gallery && (gallery.style || gallery.service))
      trail.push({ name: galleryHeading(lang, gallery), url: absolute(origin, gallery, lang) });
    if (page.kind === 'idea' || page.kind === 'board')
      trail.push({ name: name ?? page.id, url: absolute(origin, page, lang) });
  }
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

/** The first page of a gallery with fewer ideas than IDEAS_INDEXABLE_MIN is thin (noindex, out of the sitemap). */
export const isThinGallery = (d: Pick<IdeasData, 'ideas' | 'next'>) => !d.next && d.ideas.length < IDEAS_INDEXABLE_MIN;

/**
 * The head of a gallery of ideas: a thin first page, and every next page (its position is no address to keep), are
 * noindex; each keeps its own canonical. Its JSON-LD lists its ideas' pages.
 */
export function ideasHead(origin: string, lang: PublicLanguage, d: IdeasData): HeadData {
  const heading = galleryHeading(lang, d.page);
  return {
    lang,
    title: format(lang, 'ideas.title', { heading, brand: BRAND.name }),
    description: format(lang, 'ideas.description', { heading, brand: BRAND.name }),
    canonical: absolute(origin, d.page, lang),
    alternates: alternatesOf(origin, d.page),
    noindex: !!d.page.after || isThinGallery(d),
    image: previewImage(d.ideas[0]?.picture),
    ogType: 'website',
    jsonLd: [
      breadcrumbList(crumbsOf(origin, lang, d.page)),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: heading,
        numberOfItems: d.ideas.length,
        itemListElement: d.ideas.map((idea, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: ideaCaption(lang, idea),
          url: absolute(origin, { kind: 'idea', id: idea.id }, lang),
        })),
      },
    ],
  };
}

/** The picture of an idea as schema.org reads it: an ImageObject by the business that made it. */
export function ideaJsonLd(origin: string, lang: PublicLanguage, idea: PublicIdea) {
  const url = absolute(origin, { kind: 'idea', id: idea.id }, lang);
  const { src, srcSet } = imageSources(idea.picture);
  const largest = srcSet?.split(', ').at(-1)?.split(' ')[0] ?? src;
  const caption = ideaCaption(lang, idea);
  const business = idea.business.slug
    ? absolute(origin, { kind: 'business', slug: idea.business.slug }, lang)
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageObject',
    '@id': `${url}#image`,
    contentUrl: largest,
    thumbnailUrl: src,
    url,
    name: caption,
    caption,
    ...(idea.size ? { width: idea.size.width, height: idea.size.height } : {}),
    uploadDate: idea.createdAt.slice(0, 10),
    representativeOfPage: true,
    creator: {
      '@type': 'Organization',
      name: idea.business.name,
      ...(business ? { url: business } : {}),
    },
    creditText: idea.business.name,
    copyrightNotice: `© ${idea.business.name}`,
    isFamilyFriendly: true,
    inLanguage: lang,
  };
}

/** The head of an idea's page: its picture in every preview, its ImageObject and breadcrumb. */
export function ideaHead(origin: string, lang: PublicLanguage, d: IdeaPageData): HeadData {
  const page: PublicPage = { kind: 'idea', id: d.idea.id };
  const caption = ideaCaption(lang, d.idea);
  const band = d.idea.band ? format(lang, 'idea.bandSentence', { band: bandText(lang, d.idea.band, d.currency) }) : '';
  return {
    lang,
    title: format(lang, 'idea.title', { caption, business: d.idea.business.name, brand: BRAND.name }),
    description: format(lang, 'idea.description', {
      caption,
      business: d.idea.business.name,
      band,
      brand: BRAND.name,
    }),
    canonical: absolute(origin, page, lang),
    alternates: alternatesOf(origin, page),
    image: previewImage(d.idea.picture),
    ogType: 'article',
    jsonLd: [ideaJsonLd(origin, lang, d.idea), breadcrumbList(crumbsOf(origin, lang, page, caption))],
  };
}

/** The head of a board shared by link: never indexed (it is a person's own list). */
export function boardHead(origin: string, lang: PublicLanguage, d: BoardPageData): HeadData {
  const page: PublicPage = { kind: 'board', id: d.id };
  return {
    lang,
    title: format(lang, 'board.title', { name: d.name, brand: BRAND.name }),
    description: format(lang, 'board.description', { brand: BRAND.name }),
    canonical: absolute(origin, page, lang),
    alternates: alternatesOf(origin, page),
    noindex: true,
    image: previewImage(d.ideas[0]?.picture),
    ogType: 'website',
    jsonLd: [breadcrumbList(crumbsOf(origin, lang, page, d.name))],
  };
}
