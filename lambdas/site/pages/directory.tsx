/** A service page (`/sherbime/{service}`) and a service x town page (`/sherbime/{service}/{town}`): one component, the town optional. */
import {
  pagePath,
  PUBLIC_SERVICE_IDS as SERVICES_ORDER,
  type PublicLanguage,
  type PublicPage,
} from '../../../common/publicPages';
import type { DirectoryData } from '../load';
import { format, serviceName } from '../messages';
import { APP_LINKS } from './document';
import { DirectoryOrderNote } from '../directoryOrder';
import { BusinessCard, Crumbs } from './parts';
import { PriceGuideSection } from './priceGuide';
import { SponsoredBlock } from '../sponsored';

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
      <SponsoredBlock lang={lang} runs={data.sponsored ?? []} />
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
