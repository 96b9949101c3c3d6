/**
 * Client home (/client-dashboard): business search, banner, Sponsored, Recent Posts and Newest (the
 * first 3 available posts, newest first), each with Show More to /available-posts.
 */
import { Link } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import { SponsoredStrip } from '../../entities/ads';
import { useAvailablePosts } from '../../entities/posts/api/get-available-posts';
import { BusinessSearchBar } from './components/BusinessSearchBar';
import { PostSection } from './components/PostSection';

export default function ClientDashboardPage() {
  const t = useT();
  usePageTitle('dashboard.title');
  const { byId } = useCategories();
  const available = useAvailablePosts(LIMITS.sectionPosts);
  const posts = (available.data?.pages[0]?.items ?? []).slice(0, LIMITS.sectionPosts);
  const retry = () => void available.refetch();
  return (
    <div className="page" data-testid="client-dashboard">
      <h1 className="visually-hidden">{t('dashboard.title')}</h1>
      <BusinessSearchBar showFilter={false} />
      <section className="promo-banner">
        <div>
          <h2>{t('dashboard.client.promo.title')}</h2>
          <p>{t('dashboard.client.promo.body')}</p>
        </div>
        <Link to="/post/create" className="btn btn-primary btn-lg">
          {t('dashboard.client.promo.action')}
        </Link>
      </section>
      <SponsoredStrip />
      <PostSection
        title={t('dashboard.section.recent')}
        testId="recent-posts"
        posts={posts}
        loading={available.isPending}
        error={available.error}
        onRetry={retry}
        empty={t('dashboard.section.empty')}
        categoriesById={byId}
        showMoreTo="/available-posts"
      />
      <PostSection
        title={t('dashboard.section.newest')}
        testId="newest-posts"
        posts={posts}
        loading={available.isPending}
        error={available.error}
        onRetry={retry}
        empty={t('dashboard.section.empty')}
        categoriesById={byId}
        showMoreTo="/available-posts"
      />
    </div>
  );
}
