/** /available-posts?page=n: all open posts, newest first, 6 per page with Previous / numbered / Next. */
import { LIMITS } from '../../../../common/constants';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { usePagedList } from '../../lib/usePagedList';
import { useAvailablePosts } from '../../entities/posts/api/get-available-posts';
import { PagedPostGrid } from './PagedPostGrid';

export default function AvailablePostsPage() {
  const t = useT();
  usePageTitle('posts.available.title');
  const pages = usePagedList(useAvailablePosts(LIMITS.availablePostsPageSize));
  return (
    <div className="page" data-testid="available-posts-page">
      <div className="page-header">
        <h1>{t('posts.available.title')}</h1>
      </div>
      <PagedPostGrid pages={pages} empty={t('posts.available.empty')} testId="available-posts" />
    </div>
  );
}
