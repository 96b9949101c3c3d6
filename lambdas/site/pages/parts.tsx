/** Pieces several public pages show: the breadcrumb, a processed picture, stars and rating, the verified badge, a business card. */
import { pagePath, type PublicLanguage, type PublicPage } from '../../../common/publicPages';
import { imageSources } from '../../../common/images';
import type { BusinessCardData } from '../load';
import { format, serviceName } from '../messages';
import { crumbsOf } from '../seo';

export function Crumbs({
  origin,
  lang,
  page,
  name,
}: {
  origin: string;
  lang: PublicLanguage;
  page: PublicPage;
  name?: string;
}) {
  const trail = crumbsOf(origin, lang, page, name);
  return (
    <nav className="crumbs" aria-label={format(lang, 'site.breadcrumb.label')}>
      <ol>
        {trail.map((c, i) => (
          <li key={c.url}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{c.name}</span>
            ) : (
              <a href={new URL(c.url).pathname}>{c.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export const initial = (name: string) => Array.from(name.trim())[0]?.toUpperCase() ?? '?';

export function Picture(props: {
  address: string;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  className?: string;
  lazy?: boolean;
  /** The page's largest picture: fetched first. */
  priority?: boolean;
}) {
  const { src, srcSet } = imageSources(props.address);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={props.sizes}
      alt={props.alt}
      width={props.width}
      height={props.height}
      className={props.className}
      loading={props.lazy ? 'lazy' : undefined}
      fetchPriority={props.priority ? 'high' : undefined}
      decoding={props.priority ? undefined : 'async'}
    />
  );
}

export function Stars({ lang, rating }: { lang: PublicLanguage; rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={format(lang, 'business.stars', { rating: rating.toFixed(1) })}>
      {'★'.repeat(full)}
      {'☆'.repeat(5 - full)}
    </span>
  );
}

export function Rating({
  lang,
  b,
}: {
  lang: PublicLanguage;
  b: Pick<BusinessCardData, 'ratingAverage' | 'reviewCount'>;
}) {
  if (b.reviewCount === 0) return <span className="muted small">{format(lang, 'business.noReviews')}</span>;
  return (
    <span className="small">
      <Stars lang={lang} rating={b.ratingAverage} /> <strong>{b.ratingAverage.toFixed(1)}</strong> ·{' '}
      {format(lang, 'business.reviewCount', { count: b.reviewCount })}
    </span>
  );
}

export function VerifiedBadge({ lang }: { lang: PublicLanguage }) {
  return (
    <span className="badge">
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.4" />
      </svg>
      {format(lang, 'business.verified')}
    </span>
  );
}

/**
 * Share a page: the phone's share sheet where there is one (`data-share-native`), else copying the link (shown only
 * with JavaScript) and WhatsApp; the page's inline script drives them (./document.tsx).
 */
export function ShareButtons({ lang, url, title }: { lang: PublicLanguage; url: string; title: string }) {
  return (
    <div className="share">
      <button type="button" className="btn btn-secondary" data-share-native="" data-url={url} data-title={title}>
        {format(lang, 'business.share')}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        data-share-copy=""
        data-url={url}
        data-done={format(lang, 'business.copied')}
      >
        {format(lang, 'business.copyLink')}
      </button>
      <a
        className="btn btn-secondary"
        data-share-whatsapp=""
        href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
        rel="noopener"
      >
        {format(lang, 'business.shareWhatsApp')}
      </a>
    </div>
  );
}

export function BusinessCard({
  lang,
  b,
  heading,
}: {
  lang: PublicLanguage;
  b: BusinessCardData;
  heading: 'h2' | 'h3';
}) {
  const H = heading;
  const href = pagePath({ kind: 'business', slug: b.slug }, lang);
  return (
    <li className="card biz-card">
      {b.picture ? (
        <Picture address={b.picture} alt="" sizes="72px" width={72} height={72} lazy />
      ) : (
        <span className="avatar" aria-hidden="true">
          {initial(b.name)}
        </span>
      )}
      <div>
        <H>
          <a href={href}>{b.name}</a>
        </H>
        <p className="muted small">
          {b.categories.map((c) => serviceName(lang, c)).join(' · ')}
          <br />
          {b.towns.join(', ')}
        </p>
        <p>
          <Rating lang={lang} b={b} />
          <br />
          <span className="small muted">{format(lang, 'business.jobs', { count: b.finishedJobs })}</span>{' '}
          {b.verified ? <VerifiedBadge lang={lang} /> : null}
        </p>
      </div>
    </li>
  );
}

/**
 * A day as the app writes it (web/src/i18n/format.ts longDate: react-intl in the language `sq` or `en`): "27 nëntor
 * 2026" / "November 27, 2026". A date without a time (`YYYY-MM-DD`) is read at noon UTC, the same day everywhere.
 */
export const longDate = (lang: PublicLanguage, iso: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso).toLocaleDateString(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
