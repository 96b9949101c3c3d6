/**
 * /sponsoredPosts?page=n: more of the live runs relevant to the viewer (Show More of the Sponsored strip); a run
 * opens its business's profile, its click counted.
 */
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { PageLoading } from '../../components/Spinner';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { usePagedList } from '../../lib/usePagedList';
import { useAds } from '../../entities/ads/api/get-ads';
import { AdCard } from '../../entities/ads/SponsoredStrip';
import { usePageViewId } from '../../entities/ads/pageView';

const PAGE_SIZE = 12;

export default function SponsoredPostsPage() {
  const t = useT();
  usePageTitle('ads.sponsored.title');
  const view = usePageViewId();
  const pages = usePagedList(useAds(PAGE_SIZE, view));
  return (
    <div className="page" data-testid="sponsored-page">
      <div className="page-header">
        <h1>{t('ads.sponsored.title')}</h1>
      </div>
      {pages.error && pages.items.length === 0 ? (
        <LoadError message={t('ads.sponsored.loadError')} onRetry={pages.retry} />
      ) : pages.loading ? (
        <PageLoading />
      ) : pages.items.length === 0 ? (
        <div className="empty-state">{t('ads.empty')}</div>
      ) : (
        <div className="post-grid">
          {pages.items.map((ad) => (
            <AdCard key={ad._id} ad={ad} view={view} />
          ))}
        </div>
      )}
      <Pagination
        page={pages.page}
        pageCount={pages.pageCount}
        hasNext={pages.hasNext}
        onChange={pages.goTo}
        disabled={pages.loading}
      />
    </div>
  );
}
