/** /sponsoredPosts: every ad (Show More of the Sponsored strip); an ad opens its business's profile. */
import { useCallback } from 'react';
import { Pagination } from '../../components/Pagination';
import { PageLoading } from '../../components/Spinner';
import { fetchAds } from '../dashboard/api/ads';
import { AdCard } from '../dashboard/components/SponsoredStrip';
import { useCursorPages } from '../posts/useCursorPages';

const PAGE_SIZE = 12;

export default function SponsoredPostsPage() {
  const fetchPage = useCallback((cursor?: string) => fetchAds(PAGE_SIZE, cursor), []);
  const pages = useCursorPages(fetchPage, 'ads');
  return (
    <div className="page" data-testid="sponsored-page">
      <div className="page-header"><h1>Sponsored</h1></div>
      {pages.loading && pages.items.length === 0 ? (
        <PageLoading />
      ) : pages.items.length === 0 ? (
        <div className="empty-state">No ads available</div>
      ) : (
        <div className="post-grid">
          {pages.items.map((ad) => <AdCard key={ad._id} ad={ad} />)}
        </div>
      )}
      <Pagination page={pages.page} pageCount={pages.pageCount} hasNext={pages.hasNext} onChange={pages.goTo} disabled={pages.loading} />
    </div>
  );
}
