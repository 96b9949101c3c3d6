/**
 * The landing page (`/`, `/en/`): the spec's slogan, tagline and first-platform statement in the hero with the
 * figures and the call to action, the services carousel (3 cards at a time on a desktop, fewer on a phone; a row
 * that scrolls sideways without JavaScript, next and previous that wrap around with the inline script
 * scripts.ts CAROUSEL_SCRIPT), About us, the fullest service x town pages, the top-rated businesses and how it works.
 */
import type { ReactNode } from 'react';
import { pagePath, type PublicLanguage } from '../../../common/publicPages';
import { BRAND } from '../../../common/brand';
import type { LandingData } from '../load';
import { appText, format, serviceName, type SiteMessageId } from '../messages';
import { APP_LINKS } from './document';
import { BusinessCard } from './parts';
import { IdeaGrid } from './ideas';
import { DEFAULT_CURRENCY } from '../../../common/languages';

/** The element the carousel's buttons scroll (their aria-controls). */
const SERVICES_TRACK = 'services-track';

const icon = (path: ReactNode) => (
  <svg
    width="28"
    height="28"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
);

/** A line drawing of each service (common/publicPages.ts PUBLIC_SERVICE_IDS). */
const SERVICE_ICONS: Record<string, ReactNode> = {
  'interior-design': icon(<path d="M3 3h18v18H3zM3 12h7v9M10 3v5M15 12h6" />),
  decor: icon(
    <path d="M8 21h8l1-8H7zM12 13V8M12 8c0-2.8 1.8-5 5-5 0 2.8-1.8 5-5 5zM12 10c0-2.2-1.6-4-4-4 0 2.2 1.6 4 4 4z" />,
  ),
  furniture: icon(
    <path d="M5 11V8a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3M3 13a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3zM6 18v2M18 18v2" />,
  ),
  outdoor: icon(<path d="M12 21v-6M6 15h12L12 3zM3 21h18" />),
  dural: icon(<path d="M3 4h18M5 4v5h14V4M9 9v3M15 9v3M4 20V12h16v8M12 12v8" />),
  flooring: icon(<path d="M3 3h18v18H3zM3 9l6-6M3 15L15 3M3 21L21 3M9 21l12-12M15 21l6-6" />),
  painting: icon(<path d="M4 4h13v5H4zM17 6.5h3V12h-8v3M11 15h2v6h-2z" />),
  lights: icon(<path d="M12 2v6M6 14a6 6 0 0 1 12 0zM10 17a2 2 0 0 0 4 0" />),
  bathroom: icon(<path d="M3 12h18v2a6 6 0 0 1-6 6H9a6 6 0 0 1-6-6zM6 12V6a2 2 0 0 1 4 0M7 20l-1 2M17 20l1 2" />),
};

const arrow = (d: string) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function ServicesCarousel({ lang, services }: { lang: PublicLanguage; services: LandingData['services'] }) {
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, v);
  return (
    <section className="section" aria-labelledby="services-heading">
      <div className="section-head">
        <h2 id="services-heading">{t('landing.services')}</h2>
        {/* Shown once the inline script runs (scripts.ts CAROUSEL_SCRIPT); without it the row scrolls sideways. */}
        <div className="carousel-nav">
          <button
            type="button"
            className="carousel-btn"
            data-carousel-step="-1"
            aria-controls={SERVICES_TRACK}
            aria-label={t('landing.servicesPrevious')}
          >
            {arrow('M15 5l-7 7 7 7')}
          </button>
          <button
            type="button"
            className="carousel-btn"
            data-carousel-step="1"
            aria-controls={SERVICES_TRACK}
            aria-label={t('landing.servicesNext')}
          >
            {arrow('M9 5l7 7-7 7')}
          </button>
        </div>
      </div>
      <ul className="carousel" id={SERVICES_TRACK}>
        {services.map((s) => (
          <li key={s.service} className="card service-card">
            <span className="service-icon">{SERVICE_ICONS[s.service]}</span>
            <h3>
              <a href={pagePath({ kind: 'service', service: s.service }, lang)}>{serviceName(lang, s.service)}</a>
            </h3>
            <p className="muted small">{t(`landing.service.${s.service}` as SiteMessageId)}</p>
            <p className="service-count small">{t('landing.servicesCount', { count: s.count })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AboutUs({ lang }: { lang: PublicLanguage }) {
  const t = (id: SiteMessageId) => format(lang, id, { brand: BRAND.name });
  return (
    <section className="section about" aria-labelledby="about-heading">
      <div>
        <h2 id="about-heading">{t('landing.aboutTitle')}</h2>
        <p>{t('landing.about1')}</p>
        <p>{t('landing.about2')}</p>
      </div>
      <div className="card about-card">
        <h3>{t('landing.businessTitle')}</h3>
        <p className="muted">{t('landing.business')}</p>
        <a className="btn btn-secondary" href={APP_LINKS.login}>
          {t('site.join')}
        </a>
      </div>
    </section>
  );
}

export function LandingPage({ lang, data }: { lang: PublicLanguage; data: LandingData }) {
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, v);
  const number = (n: number) => n.toLocaleString(lang === 'sq' ? 'sq-AL' : 'en-GB');
  return (
    <>
      <section className="hero">
        <div className="wrap">
          <p className="hero-badge">{appText(lang, 'auth.aside')}</p>
          <h1>{appText(lang, 'common.brand.slogan')}</h1>
          <p className="hero-tagline">{appText(lang, 'common.brand.tagline')}</p>
          <p>{t('landing.lead')}</p>
          <ul className="stats">
            <li>
              <strong>{number(data.stats.businesses)}</strong>
              {t('landing.stats.businesses')}
            </li>
            <li>
              <strong>{number(data.stats.finishedJobs)}</strong>
              {t('landing.stats.jobs')}
            </li>
            <li>
              <strong>{number(data.stats.towns)}</strong>
              {t('landing.stats.towns')}
            </li>
          </ul>
          <a className="btn btn-primary btn-lg" href={APP_LINKS.postRequest}>
            {t('landing.cta')}
          </a>
        </div>
      </section>
      <div className="wrap">
        <ServicesCarousel lang={lang} services={data.services} />
        {data.ideas?.length ? (
          <section className="section" aria-labelledby="ideas-heading">
            <div className="section-head">
              <h2 id="ideas-heading">{t('landing.ideas')}</h2>
              <a href={pagePath({ kind: 'ideas' }, lang)}>{t('landing.ideasAll')}</a>
            </div>
            <p className="muted">{t('landing.ideasLead')}</p>
            <IdeaGrid lang={lang} ideas={data.ideas} currency={data.currency ?? DEFAULT_CURRENCY} eager={0} />
          </section>
        ) : null}
        <AboutUs lang={lang} />
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
