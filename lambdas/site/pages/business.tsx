/** A business's public profile (`/biznes/{slug}`, `/en/business/{slug}`). */
import { pagePath, type PublicLanguage, type PublicPage } from '../../../common/publicPages';
import { BRAND } from '../../../common/brand';
import type { BusinessPageData } from '../load';
import { format, serviceName, type SiteMessageId } from '../messages';
import { APP_LINKS } from './document';
import { ViewBeacon } from '../viewBeacon';
import { Crumbs, initial, longDate, Picture, Rating, ShareButtons, Stars, VerifiedBadge } from './parts';

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
            <ShareButtons lang={lang} url={url} title={data.name} />
          </div>
        </aside>
      </div>
    </div>
  );
}
