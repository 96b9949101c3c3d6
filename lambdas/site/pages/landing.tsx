/** The landing page (`/`, `/en/`). */
import { pagePath, type PublicLanguage } from '../../../common/publicPages';
import type { LandingData } from '../load';
import { format, serviceName, type SiteMessageId } from '../messages';
import { APP_LINKS } from './document';
import { BusinessCard } from './parts';

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
