/**
 * The frame of every public page: `<html lang>`, the head (title, description, canonical and hreflang, Open Graph,
 * JSON-LD, the inlined stylesheet), the header with the language switch and the way into the app, and the footer.
 */
import type { ReactNode } from 'react';
import {
  pagePath,
  PUBLIC_SERVICE_IDS as SERVICES_ORDER,
  type PublicLanguage,
  type PublicPage,
} from '../../../common/publicPages';
import { BRAND } from '../../../common/brand';
import { format, serviceName, type SiteMessageId } from '../messages';
import { jsonLdText, OG_LOCALE, type HeadData } from '../seo';
import { pageCss } from '../styles';

/** Where the calls to action lead in the app: posting a request (signed-out visitors sign in first), signing in. */
export const APP_LINKS = { postRequest: '/post/create', login: '/login' } as const;

const other = (lang: PublicLanguage): PublicLanguage => (lang === 'sq' ? 'en' : 'sq');

const SHARE_CSS =
  '.share [data-share-copy]{display:none}.js .share [data-share-copy]{display:inline-flex}.js-share .share [data-share-copy],.js-share .share [data-share-whatsapp]{display:none}';

function Head({ head, scripts = [] }: { head: HeadData; scripts?: readonly string[] }) {
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
      {scripts.map((script) => (
        <script key={script} dangerouslySetInnerHTML={{ __html: script }} />
      ))}
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
        <nav className="header-actions" aria-label={t('site.nav.account')}>
          <a className="nav-link" href={pagePath({ kind: 'ideas' }, lang)}>
            {t('site.nav.ideas')}
          </a>
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
            <li>
              <a href={pagePath({ kind: 'ideas' }, lang)}>{format(lang, 'site.footer.ideas')}</a>
            </li>
            <li>
              <a href={pagePath({ kind: 'privacy' }, lang)}>{format(lang, 'site.footer.privacy')}</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** A whole page: `<html lang>`, its head (with the page's inline scripts: scripts.ts), header, content and footer. */
export function Document(props: {
  head: HeadData;
  page?: PublicPage;
  children: ReactNode;
  scripts?: readonly string[];
}) {
  return (
    <html lang={props.head.lang}>
      <Head head={props.head} scripts={props.scripts} />
      <body>
        <Header lang={props.head.lang} page={props.page} />
        <main id="main">{props.children}</main>
        <Footer lang={props.head.lang} />
      </body>
    </html>
  );
}
