/**
 * The public pages as React components, rendered to complete HTML on the server (render.ts): readable with
 * JavaScript off. Pure components over loaded data: no hooks touching `window`, no app providers. Links inside
 * the site are paths (so the same page works on every host); canonical and hreflang are absolute (seo.ts).
 */
import type { ReactNode } from 'react';
import {
  APP_HOME_PATH,
  pagePath,
  PUBLIC_SERVICE_IDS as SERVICES_ORDER,
  type PublicLanguage,
  type PublicPage,
} from '../../common/publicPages';
import { imageSources } from '../../common/images';
import { formatMoney } from '../../common/money';
import {
  PRICE_GUIDE_STATED_ACCURACY_PERCENT,
  PRICE_GUIDE_MIN_BUSINESSES,
  PRICE_GUIDE_MIN_OFFERS,
  PRICE_GUIDE_WINDOW_MONTHS,
  type PriceFigure,
} from '../../common/priceGuide';
import { BRAND } from '../../web/src/lib/brand';
import type { BusinessCardData, BusinessPageData, DirectoryData, LandingData } from './load';
import { DirectoryOrderNote } from './directoryOrder';
import { VIEW_BEACON_SCRIPT, ViewBeacon } from './viewBeacon';
import { format, guideText, serviceName, type SiteMessageId } from './messages';
import { crumbsOf, jsonLdText, OG_LOCALE, type HeadData } from './seo';
import { pageCss } from './styles';

/** Where the calls to action lead in the app: posting a request (signed-out visitors sign in first), signing in. */
export const APP_LINKS = { postRequest: '/post/create', login: '/login' } as const;

const other = (lang: PublicLanguage): PublicLanguage => (lang === 'sq' ? 'en' : 'sq');

/** Sends a visitor who is signed in to the app (an ID token stored by the app: web/src/auth/storedToken.ts). */
const SIGNED_IN_REDIRECT = `try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);if(k&&k.indexOf('CognitoIdentityServiceProvider.')===0&&k.slice(-8)==='.idToken'&&localStorage.getItem(k)){location.replace('${APP_HOME_PATH}');break}}}catch(e){}`;

/** The Share button: the Web Share API where the browser has it, else copying the link; WhatsApp works without JavaScript. */
const SHARE_SCRIPT = `(function(){var d=document.documentElement;d.className+=' js'+(navigator.share?' js-share':'');document.addEventListener('click',function(e){var t=e.target.closest&&e.target.closest('[data-share-native],[data-share-copy]');if(!t)return;var u=t.getAttribute('data-url'),n=t.getAttribute('data-title');if(t.hasAttribute('data-share-native')){navigator.share({title:n,url:u}).catch(function(){});return}if(navigator.clipboard){navigator.clipboard.writeText(u).then(function(){t.textContent=t.getAttribute('data-done')})}})})();`;

const SHARE_CSS =
  '.share [data-share-copy]{display:none}.js .share [data-share-copy]{display:inline-flex}.js-share .share [data-share-copy],.js-share .share [data-share-whatsapp]{display:none}';

function Head({ head, extraScript }: { head: HeadData; extraScript?: string }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.noindex ? <meta name="robots" content="noindex" /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.alternates
        ? (Object.entries(head.alternates) as [string, string][]).map(([hreflang, href]) => (
            <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
          ))
        : null}
      <meta name="theme-color" content="#b5653a" />
      <link
        rel="icon"
        href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23b5653a'/%3E%3Cpath d='M8 17l8-7 8 7v7H8z' fill='%23fff'/%3E%3C/svg%3E"
      />
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:type" content={head.ogType} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {head.canonical ? <meta property="og:url" content={head.canonical} /> : null}
      <meta property="og:locale" content={OG_LOCALE[head.lang]} />
      <meta property="og:locale:alternate" content={OG_LOCALE[other(head.lang)]} />
      {head.image ? <meta property="og:image" content={head.image} /> : null}
      <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {head.image ? <meta name="twitter:image" content={head.image} /> : null}
      <style dangerouslySetInnerHTML={{ __html: pageCss() + SHARE_CSS }} />
      {head.jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
      ))}
      {extraScript ? <script dangerouslySetInnerHTML={{ __html: extraScript }} /> : null}
    </head>
  );
}

function BrandMark() {
  return (
    <span className="brand-mark" aria-hidden="true">
      <svg width="20" height="20" viewBox="0 0 32 32">
        <path d="M6 17l10-9 10 9v9H6z" fill="#fff" />
      </svg>
    </span>
  );
}

function Header({ lang, page }: { lang: PublicLanguage; page?: PublicPage }) {
  const t = (id: SiteMessageId) => format(lang, id);
  const switchTo = other(lang);
  return (
    <header className="site-header">
      <a className="skip" href="#main">
        {t('site.skip')}
      </a>
      <div className="wrap">
        <a className="brand" href={pagePath({ kind: 'landing' }, lang)}>
          <BrandMark />
          {BRAND.name}
        </a>
        <nav className="header-actions" aria-label={t('site.nav.services')}>
          <a
            className="lang"
            href={pagePath(page ?? { kind: 'landing' }, switchTo)}
            hrefLang={switchTo}
            lang={switchTo}
            aria-label={t('site.languageLabel')}
          >
            {t('site.language')}
          </a>
          <a className="btn btn-secondary" href={APP_LINKS.login}>
            {t('site.join')}
          </a>
          <a className="btn btn-primary" href={APP_LINKS.login}>
            {t('site.login')}
          </a>
        </nav>
      </div>
    </header>
  );
}

function Footer({ lang }: { lang: PublicLanguage }) {
  return (
    <footer className="site-footer">
      <div className="wrap">
        <div>
          <p>
            <strong>{BRAND.name}</strong> · {format(lang, 'site.tagline')}
          </p>
          <p>{format(lang, 'site.footer.about', { brand: BRAND.name })}</p>
        </div>
        <nav aria-label={format(lang, 'site.footer.services')}>
          <p>
            <strong>{format(lang, 'site.footer.services')}</strong>
          </p>
          <ul>
            {SERVICES_ORDER.map((s) => (
              <li key={s}>
                <a href={pagePath({ kind: 'service', service: s }, lang)}>{serviceName(lang, s)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p>
            <strong>{format(lang, 'site.footer.contact')}</strong>
          </p>
          <ul>
            <li>
              <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
            </li>
            <li>
              <a href={`tel:${BRAND.supportPhone.replace(/\s+/g, '')}`}>{BRAND.supportPhone}</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function Crumbs({
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

/** A whole page: `<html lang>`, its head, header, content and footer. */
export function Document(props: { head: HeadData; page?: PublicPage; children: ReactNode; extraScript?: string }) {
  return (
    <html lang={props.head.lang}>
      <Head head={props.head} extraScript={props.extraScript} />
      <body>
        <Header lang={props.head.lang} page={props.page} />
        <main id="main">{props.children}</main>
        <Footer lang={props.head.lang} />
      </body>
    </html>
  );
}

const initial = (name: string) => Array.from(name.trim())[0]?.toUpperCase() ?? '?';

function Picture(props: {
  address: string;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  className?: string;
  lazy?: boolean;
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
      decoding="async"
    />
  );
}

function Stars({ lang, rating }: { lang: PublicLanguage; rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={format(lang, 'business.stars', { rating: rating.toFixed(1) })}>
      {'★'.repeat(full)}
      {'☆'.repeat(5 - full)}
    </span>
  );
}

function Rating({ lang, b }: { lang: PublicLanguage; b: Pick<BusinessCardData, 'ratingAverage' | 'reviewCount'> }) {
  if (b.reviewCount === 0) return <span className="muted small">{format(lang, 'business.noReviews')}</span>;
  return (
    <span className="small">
      <Stars lang={lang} rating={b.ratingAverage} /> <strong>{b.ratingAverage.toFixed(1)}</strong> ·{' '}
      {format(lang, 'business.reviewCount', { count: b.reviewCount })}
    </span>
  );
}

function VerifiedBadge({ lang }: { lang: PublicLanguage }) {
  return (
    <span className="badge">
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.4" />
      </svg>
      {format(lang, 'business.verified')}
    </span>
  );
}

function BusinessCard({ lang, b, heading }: { lang: PublicLanguage; b: BusinessCardData; heading: 'h2' | 'h3' }) {
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

export function LandingPage({ lang, data }: { lang: PublicLanguage; data: LandingData }) {
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, v);
  return (
    <>
      <section className="hero">
        <div className="wrap">
          <p className="eyebrow">{t('site.tagline')}</p>
          <h1>{t('landing.heading')}</h1>
          <p>{t('landing.lead')}</p>
          <ul className="stats">
            <li>
              <strong>{data.stats.businesses.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB')}</strong>
              {t('landing.stats.businesses')}
            </li>
            <li>
              <strong>{data.stats.finishedJobs.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB')}</strong>
              {t('landing.stats.jobs')}
            </li>
            <li>
              <strong>{data.stats.towns.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB')}</strong>
              {t('landing.stats.towns')}
            </li>
          </ul>
          <a className="btn btn-primary btn-lg" href={APP_LINKS.postRequest}>
            {t('landing.cta')}
          </a>
        </div>
      </section>
      <div className="wrap">
        <section className="section">
          <h2>{t('landing.services')}</h2>
          <ul className="grid grid-services">
            {data.services.map((s) => (
              <li key={s.service} className="card service-card">
                <a href={pagePath({ kind: 'service', service: s.service }, lang)}>{serviceName(lang, s.service)}</a>
                <p className="muted small">{t('landing.servicesCount', { count: s.count })}</p>
              </li>
            ))}
          </ul>
        </section>
        {data.pairs.length ? (
          <section className="section">
            <h2>{t('landing.towns')}</h2>
            <ul className="chips">
              {data.pairs.map((p) => (
                <li key={`${p.service}/${p.town}`}>
                  <a href={pagePath({ kind: 'serviceTown', service: p.service, town: p.town }, lang)}>
                    {format(lang, 'serviceTown.heading', { service: serviceName(lang, p.service), town: p.town })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data.featured.length ? (
          <section className="section">
            <h2>{t('landing.featured')}</h2>
            <ul className="grid">
              {data.featured.map((b) => (
                <BusinessCard key={b.slug} lang={lang} b={b} heading="h3" />
              ))}
            </ul>
          </section>
        ) : null}
        <section className="section">
          <h2>{t('landing.howTitle')}</h2>
          <ol className="steps">
            <li>{t('landing.step1')}</li>
            <li>{t('landing.step2')}</li>
            <li>{t('landing.step3')}</li>
            <li>{t('landing.step4')}</li>
          </ol>
        </section>
      </div>
    </>
  );
}

/** "November 2026" / "nëntor 2026" from "2026-11". */
const monthText = (lang: PublicLanguage, month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString(lang === 'sq' ? 'sq-AL' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Where the middle half and the median sit between the lowest and the highest accepted offer (a picture only). */
function PriceBar({ figure }: { figure: PriceFigure }) {
  const span = figure.max - figure.min;
  const at = (price: number) => (span > 0 ? ((price - figure.min) / span) * 100 : 50);
  const low = span > 0 ? at(figure.p25) : 0;
  const high = span > 0 ? at(figure.p75) : 100;
  return (
    <div className="guide-bar" aria-hidden="true">
      <span className="guide-bar-half" style={{ left: `${low}%`, width: `${Math.max(high - low, 2)}%` }} />
      <span className="guide-bar-median" style={{ left: `${at(figure.median)}%` }} />
    </div>
  );
}

/**
 * The price guide of a directory page (issue 23): the pair's figure (or the country's, said so) on a service x town
 * page, the country's and a table by town on a service page, how it is worked out in plain words, and a clear
 * "not enough accepted offers yet" when there is no figure. Prices in the stage's currency (common/money.ts).
 */
export function PriceGuideSection({ lang, data }: { lang: PublicLanguage; data: DirectoryData }) {
  const { guide } = data;
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, v);
  const money = (n: number) => formatMoney(lang, guide.currency, n);
  const between = (low: number, high: number) => t('guide.between', { low: money(low), high: money(high) });
  const service = serviceName(lang, data.service);
  const figure = guide.figure;
  const heading = data.town ? t('guide.heading', { service, town: data.town }) : t('guide.headingCountry', { service });
  const method = (
    <div className="guide-method">
      <h3>{t('guide.method')}</h3>
      <p className="small">
        {guideText(lang, 'priceGuide.methodText', {
          months: PRICE_GUIDE_WINDOW_MONTHS,
          offers: PRICE_GUIDE_MIN_OFFERS,
          businesses: PRICE_GUIDE_MIN_BUSINESSES,
          accuracy: PRICE_GUIDE_STATED_ACCURACY_PERCENT,
        })}
      </p>
      <a className="btn btn-secondary" href={APP_LINKS.postRequest}>
        {t('guide.cta')}
      </a>
    </div>
  );
  return (
    <section className="section" id="price-guide" aria-labelledby="price-guide-heading">
      <div className="card guide">
        <div className="guide-head">
          <h2 id="price-guide-heading">{heading}</h2>
          {figure ? (
            <span className="guide-scope">
              {figure.scope === 'town' && data.town
                ? t('guide.scope.town', { town: data.town })
                : t('guide.scope.country')}
            </span>
          ) : null}
        </div>
        <div className="guide-body">
          {figure ? (
            <div className="guide-figure">
              {figure.scope === 'country' && data.town ? (
                <p className="guide-note">{guideText(lang, 'priceGuide.countryNote', { town: data.town })}</p>
              ) : null}
              <dl className="guide-numbers">
                <div className="guide-median">
                  <dt>{t('guide.median')}</dt>
                  <dd>{money(figure.median)}</dd>
                </div>
                <div>
                  <dt>
                    {t('guide.middleHalf')} <span className="muted">({t('guide.middleHalfHint')})</span>
                  </dt>
                  <dd>{between(figure.p25, figure.p75)}</dd>
                </div>
              </dl>
              <PriceBar figure={figure} />
              <p className="guide-ends small muted">
                <span className="sr-only">{t('guide.range')}: </span>
                <span>{money(figure.min)}</span> <span>{money(figure.max)}</span>
              </p>
              <p className="small muted">
                {t('guide.basis', { count: figure.count, month: monthText(lang, figure.updatedMonth) })}
              </p>
            </div>
          ) : (
            <div className="guide-figure guide-empty">
              <p className="guide-empty-title">{t('guide.empty')}</p>
              <p className="muted">
                {t('guide.emptyBody', {
                  service,
                  offers: PRICE_GUIDE_MIN_OFFERS,
                  businesses: PRICE_GUIDE_MIN_BUSINESSES,
                })}
              </p>
            </div>
          )}
          {!data.town && figure ? (
            <div className="guide-towns">
              <h3>{t('guide.towns')}</h3>
              {guide.towns.length ? (
                <table className="guide-table">
                  <caption className="sr-only">
                    {t('guide.townsCaption', { service, months: PRICE_GUIDE_WINDOW_MONTHS })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('guide.column.town')}</th>
                      <th scope="col">{t('guide.column.count')}</th>
                      <th scope="col">{t('guide.column.median')}</th>
                      <th scope="col">{t('guide.column.middleHalf')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {guide.towns.map((row) => (
                      <tr key={row.town}>
                        <th scope="row">
                          <a href={pagePath({ kind: 'serviceTown', service: data.service, town: row.town }, lang)}>
                            {row.town}
                          </a>
                        </th>
                        <td data-label={t('guide.column.count')}>
                          {row.figure.count.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB')}
                        </td>
                        <td data-label={t('guide.column.median')}>{money(row.figure.median)}</td>
                        <td data-label={t('guide.column.middleHalf')}>{between(row.figure.p25, row.figure.p75)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="muted small">{t('guide.townsEmpty')}</p>
              )}
            </div>
          ) : null}
          {method}
        </div>
      </div>
    </section>
  );
}

export function DirectoryPage({ origin, lang, data }: { origin: string; lang: PublicLanguage; data: DirectoryData }) {
  const service = serviceName(lang, data.service);
  const page: PublicPage = data.town
    ? { kind: 'serviceTown', service: data.service, town: data.town }
    : { kind: 'service', service: data.service };
  const heading = data.town
    ? format(lang, 'serviceTown.heading', { service, town: data.town })
    : format(lang, 'service.heading', { service });
  return (
    <div className="wrap">
      <Crumbs origin={origin} lang={lang} page={page} />
      <h1>{heading}</h1>
      <p className="muted">{format(lang, 'directory.count', { count: data.businesses.length })}</p>
      {data.towns.length ? (
        <nav aria-label={format(lang, 'directory.towns')}>
          <ul className="chips">
            {data.town ? (
              <li>
                <a href={pagePath({ kind: 'service', service: data.service }, lang)}>
                  {format(lang, 'directory.allTowns')}
                </a>
              </li>
            ) : null}
            {data.towns.map((t) =>
              t.town === data.town ? null : (
                <li key={t.town}>
                  <a href={pagePath({ kind: 'serviceTown', service: data.service, town: t.town }, lang)}>
                    {t.town} ({t.count})
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>
      ) : null}
      <PriceGuideSection lang={lang} data={data} />
      {data.businesses.length ? (
        <ul className="grid directory-list">
          {data.businesses.map((b) => (
            <BusinessCard key={b.slug} lang={lang} b={b} heading="h2" />
          ))}
        </ul>
      ) : (
        <div className="card empty">
          <p>{format(lang, 'directory.empty')}</p>
          <p className="muted">{format(lang, 'directory.emptyHint')}</p>
          <a className="btn btn-primary" href={APP_LINKS.postRequest}>
            {format(lang, 'landing.cta')}
          </a>
        </div>
      )}
      <DirectoryOrderNote lang={lang} />
      <section className="section">
        <h2>{format(lang, 'directory.otherServices')}</h2>
        <ul className="chips">
          {SERVICES_ORDER.filter((s) => s !== data.service).map((s) => (
            <li key={s}>
              <a href={pagePath({ kind: 'service', service: s }, lang)}>{serviceName(lang, s)}</a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const longDate = (lang: PublicLanguage, iso: string) =>
  new Date(iso).toLocaleDateString(lang === 'sq' ? 'sq-AL' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

export function BusinessPage({
  origin,
  lang,
  data,
  url,
}: {
  origin: string;
  lang: PublicLanguage;
  data: BusinessPageData;
  url: string;
}) {
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, { name: data.name, ...v });
  const page: PublicPage = { kind: 'business', slug: data.slug };
  return (
    <div className="wrap">
      <ViewBeacon businessId={data.id} />
      <Crumbs origin={origin} lang={lang} page={page} name={data.name} />
      <section className="profile-head">
        {data.picture ? (
          <Picture
            address={data.picture}
            alt={t('business.logoAlt')}
            sizes="112px"
            width={112}
            height={112}
            className="logo"
          />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initial(data.name)}
          </span>
        )}
        <div>
          <h1>{data.name}</h1>
          <ul className="facts">
            {data.verified ? (
              <li>
                <VerifiedBadge lang={lang} />
              </li>
            ) : null}
            <li>
              <Rating lang={lang} b={data} />
            </li>
            <li className="small">{t('business.jobs', { count: data.finishedJobs })}</li>
            <li className="small muted">{data.location}</li>
          </ul>
        </div>
      </section>
      <div className="profile">
        <div>
          {data.description ? (
            <section className="section">
              <h2>{t('business.about')}</h2>
              {data.description.split(/\n{2,}/).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </section>
          ) : null}
          <section className="section">
            <h2>{t('business.services')}</h2>
            <ul className="chips">
              {data.categories.map((c) => (
                <li key={c}>
                  <a href={pagePath({ kind: 'serviceTown', service: c, town: data.location }, lang)}>
                    {serviceName(lang, c)}
                  </a>
                </li>
              ))}
            </ul>
            <h3>{t('business.towns')}</h3>
            <ul className="chips">
              {data.towns.map((town) => (
                <li key={town}>
                  {data.categories[0] ? (
                    <a href={pagePath({ kind: 'serviceTown', service: data.categories[0], town }, lang)}>{town}</a>
                  ) : (
                    <span>{town}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
          {data.portfolio.length ? (
            <section className="section">
              <h2>{t('business.portfolio')}</h2>
              <ul className="gallery">
                {data.portfolio.map((address, i) => (
                  <li key={address}>
                    <Picture
                      address={address}
                      alt={t('business.portfolioAlt', { n: i + 1 })}
                      sizes="(max-width: 760px) 50vw, 260px"
                      width={640}
                      height={480}
                      lazy={i >= 3}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="section">
            <h2>{t('business.reviews')}</h2>
            {data.reviews.length ? (
              <div className="card">
                {data.reviews.map((r, i) => (
                  <article className="review" key={i}>
                    <header>
                      <strong>{r.author}</strong>
                      <span className="small muted">
                        <time dateTime={r.date.slice(0, 10)}>{longDate(lang, r.date)}</time>
                      </span>
                    </header>
                    <Stars lang={lang} rating={r.rating} />
                    <p>{r.text}</p>
                    {r.reply ? (
                      <div className="reply">
                        <p className="small">
                          <strong>{t('business.reply')}</strong>
                        </p>
                        <p>{r.reply.text}</p>
                      </div>
                    ) : null}
                  </article>
                ))}
              </div>
            ) : (
              <p className="muted">{t('business.noReviews')}</p>
            )}
          </section>
        </div>
        <aside className="section">
          <div className="card cta-block">
            <a className="btn btn-primary btn-lg" href={APP_LINKS.postRequest}>
              {t('business.cta')}
            </a>
            <p className="small muted">{t('business.ctaHint')}</p>
            <p className="small muted">
              {t('business.memberSince', { brand: BRAND.name, date: longDate(lang, data.createdAt) })}
            </p>
            <div className="share">
              <button
                type="button"
                className="btn btn-secondary"
                data-share-native=""
                data-url={url}
                data-title={data.name}
              >
                {t('business.share')}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                data-share-copy=""
                data-url={url}
                data-done={t('business.copied')}
              >
                {t('business.copyLink')}
              </button>
              <a
                className="btn btn-secondary"
                data-share-whatsapp=""
                href={`https://wa.me/?text=${encodeURIComponent(`${data.name} ${url}`)}`}
                rel="noopener"
              >
                {t('business.shareWhatsApp')}
              </a>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}

export function StatusPage({ lang, status }: { lang: PublicLanguage; status: 404 | 410 }) {
  const key = status === 410 ? 'gone' : 'notFound';
  return (
    <div className="wrap status">
      <h1>{format(lang, `${key}.heading`)}</h1>
      <p className="muted">{format(lang, `${key}.body`)}</p>
      <p>
        <a className="btn btn-primary" href={pagePath({ kind: 'landing' }, lang)}>
          {format(lang, 'notFound.home')}
        </a>
      </p>
    </div>
  );
}

export const SCRIPTS = { signedInRedirect: SIGNED_IN_REDIRECT, share: SHARE_SCRIPT, viewBeacon: VIEW_BEACON_SCRIPT };
