/**
 * The ideas' pages: a gallery (`/ide`, by room, room in a town, style or service, page after page), one idea
 * (`/ide/foto/{id}`: the picture large, who made it, what it cost where its client agreed, more of its business's and
 * similar ones) and a board its owner shares (`/ide/tabela/{id}`). A grid of responsive pictures, the first row eager
 * and the rest lazy; every way on into the app is a link (save, ask for offers like this, report), so a page needs no
 * script of its own.
 */
import { BOARDS_APP_PATH, IDEA_ROOMS, IDEA_STYLES, ideaAppPath, requestLikeIdeaPath } from '../../../common/ideas';
import { firstPageOf, pagePath, type IdeasPage, type PublicLanguage } from '../../../common/publicPages';
import type { Currency } from '../../../common/languages';
import type { BoardPageData, IdeaPageData, IdeasData, PublicIdea } from '../load';
import { format, serviceName, type SiteMessageId } from '../messages';
import { bandText, galleryHeading, ideaCaption, roomName, styleName } from '../ideaTexts';
import { APP_LINKS } from './document';
import { Crumbs, initial, Picture, Rating, ShareButtons, VerifiedBadge } from './parts';

/** Pictures in the first rows load at once (the largest paint); the rest when they come near. */
const EAGER_TILES = 4;

function IdeaTile({
  lang,
  idea,
  currency,
  index,
  eager,
}: {
  lang: PublicLanguage;
  idea: PublicIdea;
  currency: Currency;
  index: number;
  eager: number;
}) {
  const caption = ideaCaption(lang, idea);
  return (
    <li className="idea-tile">
      <a href={pagePath({ kind: 'idea', id: idea.id }, lang)}>
        <Picture
          address={idea.picture}
          alt={caption}
          sizes="(max-width: 640px) 50vw, (max-width: 1100px) 33vw, 290px"
          width={640}
          height={480}
          className="idea-picture"
          lazy={index >= eager}
          priority={index === 0 && eager > 0}
        />
        <span className="idea-caption">
          <strong>{caption}</strong>
          <span className="small muted">{format(lang, 'ideas.tileBy', { business: idea.business.name })}</span>
        </span>
      </a>
      {idea.band ? (
        <span className="idea-band">{format(lang, 'ideas.band', { band: bandText(lang, idea.band, currency) })}</span>
      ) : null}
    </li>
  );
}

export function IdeaGrid({
  lang,
  ideas,
  currency,
  label,
  eager = EAGER_TILES,
}: {
  lang: PublicLanguage;
  ideas: PublicIdea[];
  currency: Currency;
  label?: string;
  /** How many of the first pictures load at once (none below the fold). */
  eager?: number;
}) {
  return (
    <ul className="idea-grid" aria-label={label}>
      {ideas.map((idea, i) => (
        <IdeaTile key={idea.id} lang={lang} idea={idea} currency={currency} index={i} eager={eager} />
      ))}
    </ul>
  );
}

/** The links to the other galleries: rooms, styles, and for a room the towns its ideas are in. */
function GalleryFilters({ lang, data }: { lang: PublicLanguage; data: IdeasData }) {
  const page = firstPageOf(data.page);
  const t = (id: SiteMessageId) => format(lang, id);
  const chip = (target: IdeasPage, label: string, current: boolean) => (
    <li key={label}>
      <a href={pagePath(target, lang)} aria-current={current ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <nav className="idea-filters" aria-label={t('ideas.filters')}>
      <h2 className="filter-title">{t('ideas.filters.rooms')}</h2>
      <ul className="chips">
        {chip({ kind: 'ideas' }, t('ideas.filters.all'), !page.room && !page.style && !page.service)}
        {IDEA_ROOMS.map((room) =>
          chip({ kind: 'ideas', room }, roomName(lang, room), page.room === room && !page.town),
        )}
      </ul>
      {page.room && data.towns.length ? (
        <>
          <h2 className="filter-title">{t('ideas.filters.towns')}</h2>
          <ul className="chips">
            {data.towns.map((town) => chip({ kind: 'ideas', room: page.room, town }, town, page.town === town))}
          </ul>
        </>
      ) : null}
      <h2 className="filter-title">{t('ideas.filters.styles')}</h2>
      <ul className="chips">
        {IDEA_STYLES.map((style) => chip({ kind: 'ideas', style }, styleName(lang, style), page.style === style))}
      </ul>
    </nav>
  );
}

export function IdeasGalleryPage({ origin, lang, data }: { origin: string; lang: PublicLanguage; data: IdeasData }) {
  const heading = galleryHeading(lang, data.page);
  const t = (id: SiteMessageId) => format(lang, id);
  return (
    <div className="wrap">
      <Crumbs origin={origin} lang={lang} page={data.page} />
      <h1>{heading}</h1>
      <p className="lead">{t('ideas.lead')}</p>
      <GalleryFilters lang={lang} data={data} />
      {data.ideas.length ? (
        <IdeaGrid lang={lang} ideas={data.ideas} currency={data.currency} label={heading} />
      ) : (
        <div className="card empty">
          <p>{t('ideas.empty')}</p>
          <p className="muted">{t('ideas.emptyHint')}</p>
          <a className="btn btn-secondary" href={pagePath({ kind: 'ideas' }, lang)}>
            {t('ideas.filters.all')}
          </a>
        </div>
      )}
      <nav className="pager" aria-label={t('ideas.more')}>
        {data.page.after ? (
          <a className="btn btn-secondary" href={pagePath(firstPageOf(data.page), lang)}>
            {t('ideas.first')}
          </a>
        ) : null}
        {data.next ? (
          <a className="btn btn-secondary" rel="next" href={pagePath({ ...data.page, after: data.next }, lang)}>
            {t('ideas.more')}
          </a>
        ) : null}
      </nav>
      <div className="card cta-band">
        <p>{t('ideas.cta')}</p>
        <a className="btn btn-primary" href={APP_LINKS.postRequest}>
          {t('landing.cta')}
        </a>
      </div>
    </div>
  );
}

function BusinessBlock({ lang, idea }: { lang: PublicLanguage; idea: PublicIdea }) {
  const b = idea.business;
  const href = b.slug ? pagePath({ kind: 'business', slug: b.slug }, lang) : undefined;
  return (
    <div className="idea-business">
      {b.picture ? (
        <Picture address={b.picture} alt="" sizes="56px" width={56} height={56} className="logo-sm" />
      ) : (
        <span className="avatar avatar-sm" aria-hidden="true">
          {initial(b.name)}
        </span>
      )}
      <div>
        <p className="small muted">{format(lang, 'idea.madeBy')}</p>
        <p className="idea-business-name">{href ? <a href={href}>{b.name}</a> : <strong>{b.name}</strong>}</p>
        <p>
          <Rating lang={lang} b={b} />
        </p>
        <p className="small">
          {b.location ? <span className="muted">{b.location}</span> : null}{' '}
          {b.verified ? <VerifiedBadge lang={lang} /> : null}
        </p>
      </div>
    </div>
  );
}

export function IdeaPage({
  origin,
  lang,
  data,
  url,
}: {
  origin: string;
  lang: PublicLanguage;
  data: IdeaPageData;
  url: string;
}) {
  const { idea } = data;
  const caption = ideaCaption(lang, idea);
  const t = (id: SiteMessageId, v?: Record<string, string | number>) => format(lang, id, v);
  const size = idea.size ?? { width: 1280, height: 960 };
  return (
    <div className="wrap">
      <Crumbs origin={origin} lang={lang} page={{ kind: 'idea', id: idea.id }} name={caption} />
      <div className="idea-layout">
        <figure className="idea-figure">
          <Picture
            address={idea.picture}
            alt={caption}
            sizes="(max-width: 900px) 100vw, 760px"
            width={size.width}
            height={size.height}
            className="idea-large"
            priority
          />
        </figure>
        <div className="idea-aside">
          <h1>{caption}</h1>
          <BusinessBlock lang={lang} idea={idea} />
          {idea.band ? (
            <div className="idea-cost">
              <p className="small muted">{t('idea.cost')}</p>
              <p className="idea-cost-band">{bandText(lang, idea.band, data.currency)}</p>
              <p className="small muted">{t('idea.costNote')}</p>
            </div>
          ) : null}
          <div className="idea-actions">
            <a className="btn btn-primary btn-lg" href={requestLikeIdeaPath(idea.id)}>
              {t('idea.ask')}
            </a>
            <p className="small muted">{t('idea.askHint', { business: idea.business.name })}</p>
            <a className="btn btn-secondary" href={ideaAppPath(idea.id)}>
              {t('idea.save')}
            </a>
            <ShareButtons lang={lang} url={url} title={caption} />
          </div>
          <h2 className="h3">{t('idea.details')}</h2>
          <dl className="idea-details">
            <dt>{t('idea.room')}</dt>
            <dd>
              <a href={pagePath({ kind: 'ideas', room: idea.room }, lang)}>{roomName(lang, idea.room)}</a>
            </dd>
            {idea.style ? (
              <>
                <dt>{t('idea.style')}</dt>
                <dd>
                  <a href={pagePath({ kind: 'ideas', style: idea.style }, lang)}>{styleName(lang, idea.style)}</a>
                </dd>
              </>
            ) : null}
            <dt>{t('idea.town')}</dt>
            <dd>
              <a href={pagePath({ kind: 'ideas', room: idea.room, town: idea.town }, lang)}>{idea.town}</a>
            </dd>
            <dt>{t('idea.service')}</dt>
            <dd>
              <a href={pagePath({ kind: 'ideas', service: idea.service }, lang)}>{serviceName(lang, idea.service)}</a>
            </dd>
            <dt>{t('idea.from')}</dt>
            <dd>{t(idea.source === 'job' ? 'idea.fromJob' : 'idea.fromPortfolio')}</dd>
          </dl>
          <p className="small">
            <a href={`${ideaAppPath(idea.id)}?report=1`} rel="nofollow">
              {t('idea.report')}
            </a>
          </p>
        </div>
      </div>
      {data.moreFromBusiness.length ? (
        <section className="section">
          <h2>{t('idea.moreFrom', { business: idea.business.name })}</h2>
          <IdeaGrid lang={lang} ideas={data.moreFromBusiness} currency={data.currency} eager={0} />
        </section>
      ) : null}
      {data.similar.length ? (
        <section className="section">
          <h2>{t('idea.similar')}</h2>
          <IdeaGrid lang={lang} ideas={data.similar} currency={data.currency} eager={0} />
        </section>
      ) : null}
    </div>
  );
}

export function BoardPage({ origin, lang, data }: { origin: string; lang: PublicLanguage; data: BoardPageData }) {
  const t = (id: SiteMessageId) => format(lang, id);
  return (
    <div className="wrap">
      <Crumbs origin={origin} lang={lang} page={{ kind: 'board', id: data.id }} name={data.name} />
      <h1>{data.name}</h1>
      <p className="lead">{t('board.lead')}</p>
      {data.ideas.length ? (
        <IdeaGrid lang={lang} ideas={data.ideas} currency={data.currency} label={data.name} />
      ) : (
        <p className="card empty">{t('board.empty')}</p>
      )}
      <p className="section">
        <a className="btn btn-primary" href={BOARDS_APP_PATH}>
          {t('board.cta')}
        </a>
      </p>
    </div>
  );
}
