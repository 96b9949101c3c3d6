/**
 * The business profile's Portfolio tab: the showroom (catalogues) and the finished jobs, with their reviews. Its owner
 * tags each picture to show it among the ideas, and adds pictures of each finished job's work.
 */
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { Business } from '../../../../common/types';
import { AddCatalogueDialog } from './AddCatalogueDialog';
import { ReviewReply } from './ReviewReply';
import { Carousel } from '../../components/Carousel';
import { Stars } from '../../components/feedback';
import { HiddenNotice } from '../../components/HiddenNotice';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { Modal } from '../../components/Modal';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems, newestFirst } from '../../lib/pages';
import { useBusinessFinishedJobs } from '../../entities/offers/api/get-business-finished-jobs';
import { ReportButton } from '../../entities/reports';
import { PROFILE_SCROLL_STEP } from './carousel';
import { SafeImage } from '../../components/SafeImage';
import { useIdeas } from '../../entities/ideas/api/get-ideas';
import { TagIdeaButton } from '../../entities/ideas/TagIdeaButton';
import { JobPictures } from './JobPictures';

export function PortfolioTab({ business, isOwner }: { business: Business | undefined; isOwner: boolean }) {
  const t = useT();
  const format = useFormat();
  const { id = '' } = useParams();
  const jobsQuery = useBusinessFinishedJobs(id);
  const jobs = useMemo(() => allItems(jobsQuery.data).sort(newestFirst), [jobsQuery.data]);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const showroomCount = business?.showroom?.length ?? 0;

  // In the lightbox Arrow Left/Right show the previous/next image (Escape closes it).
  useEffect(() => {
    if (lightbox === null || showroomCount === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setLightbox((i) => (i === null ? i : (i + 1) % showroomCount));
      if (e.key === 'ArrowLeft') setLightbox((i) => (i === null ? i : (i - 1 + showroomCount) % showroomCount));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [lightbox, showroomCount]);

  const showroom = business?.showroom ?? [];
  // The owner's pictures among the ideas: its portfolio's by picture, its jobs' by job.
  const ideasQuery = useIdeas({ business: id }, 100, isOwner && !!id);
  const ideas = useMemo(() => allItems(ideasQuery.data), [ideasQuery.data]);
  const ideaOf = useMemo(() => new Map(ideas.map((i) => [i.picture, i])), [ideas]);
  const services = business?.categories ?? [];

  return (
    <div className="pf-portfolio">
      <section aria-label={t('profiles.tab.portfolio')}>
        {isOwner && showroom.length === 0 && <p className="muted">{t('profiles.portfolio.prompt')}</p>}
        <div className="pf-showroom">
          {isOwner && (
            <button type="button" className="pf-add-tile" onClick={() => setAdding(true)} data-testid="add-catalogue">
              <span aria-hidden="true">+</span> {t('profiles.catalogue.title')}
            </button>
          )}
          {showroom.length === 0 ? (
            <p className="empty-state">{t('profiles.portfolio.empty')}</p>
          ) : (
            <Carousel label={t('profiles.tab.portfolio')} step={PROFILE_SCROLL_STEP} minWindowWidth={430}>
              {showroom.map((src, i) => (
                <div key={src + i} className="pf-showroom-cell">
                  <button
                    type="button"
                    className="pf-showroom-item"
                    onClick={() => setLightbox(i)}
                    aria-label={t('profiles.portfolio.open', { n: i + 1 })}
                  >
                    <SafeImage
                      src={src}
                      fallback={POST_PLACEHOLDER}
                      alt=""
                      width={400}
                      height={300}
                      sizes="(max-width: 640px) 50vw, 320px"
                    />
                  </button>
                  {isOwner && !ideasQuery.isPending && (
                    <TagIdeaButton
                      target={{ picture: src, idea: ideaOf.get(src), services, recent: ideas }}
                      testId="portfolio-tags"
                    />
                  )}
                </div>
              ))}
            </Carousel>
          )}
        </div>
      </section>

      <section className="pf-section" aria-label={t('profiles.work.title')}>
        <h2>{t('profiles.work.heading', { count: jobs.length })}</h2>
        {jobsQuery.isPending ? (
          <p className="muted">{t('profiles.loading')}</p>
        ) : jobsQuery.isError && jobs.length === 0 ? (
          <LoadError message={t('profiles.work.loadError')} onRetry={() => void jobsQuery.refetch()} />
        ) : jobs.length === 0 ? (
          <p className="empty-state">{t('profiles.work.empty')}</p>
        ) : (
          <div className="pf-jobs">
            {jobs.map((job) => (
              <article key={job._id} className="pf-job" data-testid="finished-job">
                <SafeImage
                  src={job.post?.images?.[0]}
                  fallback={POST_PLACEHOLDER}
                  alt=""
                  width={400}
                  height={300}
                  sizes="(max-width: 640px) 100vw, 320px"
                />
                <div>
                  <h3>{job.post?.title || t('profiles.post.untitled')}</h3>
                  <Stars rating={job.rating} />
                  <p className="pf-card-meta">
                    {format.longDate(job.createdAt)} · {job.post?.location || t('profiles.post.noLocation')}
                  </p>
                  <p className="pf-card-text">{job.post?.content || t('profiles.post.noDescription')}</p>
                  <HiddenNotice item={job} testId="review-hidden-notice" />
                  <blockquote className="pf-review">“{job.review}”</blockquote>
                  {job.formerClient && <p className="muted small">{t('common.former.client')}</p>}
                  <ReviewReply job={job} isOwner={isOwner} />
                  {isOwner && !job.formerClient && (
                    <JobPictures
                      postId={job.postId}
                      ideas={ideas.filter((i) => i.postId === job.postId)}
                      services={[]}
                      recent={ideas}
                    />
                  )}
                  {!isOwner && <ReportButton target={{ kind: 'review', targetId: job._id }} testId="report-review" />}
                </div>
              </article>
            ))}
          </div>
        )}
        <LoadMore
          hasMore={!!jobsQuery.hasNextPage}
          loading={jobsQuery.isFetchingNextPage}
          onMore={() => void jobsQuery.fetchNextPage()}
        />
      </section>

      <Modal
        open={lightbox !== null}
        title={t('profiles.tab.portfolio')}
        onClose={() => setLightbox(null)}
        wide
        testId="portfolio-lightbox"
      >
        {lightbox !== null && showroom[lightbox] && (
          <div className="pf-lightbox">
            <SafeImage
              className="pf-lightbox-main"
              src={showroom[lightbox]}
              fallback={POST_PLACEHOLDER}
              alt={t('profiles.portfolio.image', { n: lightbox + 1, total: showroom.length })}
              width={1200}
              height={900}
              sizes="100vw"
              eager
            />
            <div className="pf-lightbox-thumbs">
              {showroom.map((src, i) => (
                <button
                  key={src + i}
                  type="button"
                  className={i === lightbox ? 'pf-thumb pf-thumb--active' : 'pf-thumb'}
                  onClick={() => setLightbox(i)}
                  aria-label={t('profiles.portfolio.show', { n: i + 1 })}
                >
                  <SafeImage src={src} fallback={POST_PLACEHOLDER} alt="" width={160} height={120} sizes="120px" />
                </button>
              ))}
            </div>
          </div>
        )}
      </Modal>

      {isOwner && business && (
        <AddCatalogueDialog
          open={adding}
          business={business}
          onClose={() => setAdding(false)}
          onSaved={() => setAdding(false)}
        />
      )}
    </div>
  );
}
