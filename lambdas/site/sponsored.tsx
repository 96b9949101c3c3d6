/**
 * The Sponsored block of a public service or service x town page: the live runs for that service (in that town), at
 * most AD_STRIP_SIZE, rotated fairly (lambdas/data/liveRuns.ts serviceStrip), labelled as paid placement and linked
 * with rel="sponsored" to each business's public page. Nothing is shown when no run is live there.
 */
import { imageSources } from '../../common/images';
import { pagePath, type PublicLanguage } from '../../common/publicPages';
import { format } from './messages';

export interface SponsoredRunCard {
  runId: string;
  slug: string;
  name: string;
  /** CDN address of the run's picture. */
  picture?: string;
}

export function SponsoredBlock({ lang, runs }: { lang: PublicLanguage; runs: SponsoredRunCard[] }) {
  if (!runs.length) return null;
  return (
    <section className="section sponsored" aria-labelledby="sponsored-heading" data-sponsored="">
      <h2 id="sponsored-heading">
        <span className="sponsored-label">{format(lang, 'directory.sponsored')}</span>
      </h2>
      <ul className="grid sponsored-list">
        {runs.map((r) => {
          const image = r.picture ? imageSources(r.picture) : undefined;
          return (
            <li key={r.runId} className="card sponsored-card">
              <a href={pagePath({ kind: 'business', slug: r.slug }, lang)} rel="sponsored">
                {image ? (
                  <img
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes="(max-width: 640px) 100vw, 320px"
                    alt=""
                    width={320}
                    height={180}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span className="sponsored-name">{r.name}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <p className="small muted">{format(lang, 'directory.sponsoredNote')}</p>
    </section>
  );
}
