/** /sponsoredPosts?page=n: every ad (Show More of the Sponsored strip); an ad opens its business's profile. */
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { PageLoading } from '../../components/Spinner';
import { usePagedList } from '../../lib/usePagedList';
import { useAds } from './api/get-ads';
import { AdCard } from './components/SponsoredStrip';

const PAGE_SIZE = 12;

export default function SponsoredPostsPage() {
  const pages = usePagedList(useAds(PAGE_SIZE));
  return (
    <div className="page" data-testid="sponsored-page">
      <div className="page-header">
        <h1>Sponsored</h1>
      </div>
      {pages.error && pages.items.length === 0 ? (
        <LoadError message="Could not load the ads. Check your connection and try again." onRetry={pages.retry} />
      ) : pages.loading ? (
        <PageLoading />
      ) : pages.items.length === 0 ? (
        <div className="empty-state">No ads available</div>
      ) : (
        <div className="post-grid">
          {pages.items.map((ad) => (
            <AdCard key={ad._id} ad={ad} />
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
