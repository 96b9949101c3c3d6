/**
 * Client profile (/clientprofile/{id}): sidebar with picture, name, town, and counts of posts and
 * finished projects; the client's posts in three carousels (Available = open, Ongoing = accepted,
 * Finished = finished), newest first. The owner also gets Settings, Logout and Add Post.
 */
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import type { PostStatus } from '../../../../common/constants';
import type { Post } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Carousel } from '../../components/Carousel';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { allItems, newestFirst } from '../../lib/pages';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { useUserPosts } from '../../entities/posts/api/get-user-posts';
import { useUser } from '../../entities/users/api/get-user';
import { PROFILE_SCROLL_STEP } from './carousel';
import './profiles.css';
import { SafeImage } from '../../components/SafeImage';

const SECTIONS: { status: PostStatus; title: MessageId }[] = [
  { status: 'open', title: 'profiles.client.available' },
  { status: 'accepted', title: 'profiles.client.ongoing' },
  { status: 'finished', title: 'profiles.client.finished' },
];

export default function ClientProfilePage() {
  const t = useT();
  const { id = '' } = useParams();
  const me = useAuth();
  const navigate = useNavigate();
  const { names } = useCategories();
  const userQuery = useUser(id);
  const postsQuery = useUserPosts(id);
  const user = userQuery.data;
  usePageTitle(user?.username ? 'profiles.pageTitle' : 'profiles.client.pageTitle', { name: user?.username });
  const list = useMemo(() => allItems(postsQuery.data).sort(newestFirst), [postsQuery.data]);

  if (isNotFound(userQuery.error))
    return (
      <div className="pf-page">
        <p className="empty-state">{t('profiles.notFound')}</p>
      </div>
    );
  if (userQuery.isError) {
    return (
      <div className="pf-page">
        <LoadError message={t('profiles.loadError')} onRetry={() => void userQuery.refetch()} />
      </div>
    );
  }

  const isOwner = me.account?.role === 'client' && me.account.id === id;
  const finishedCount = list.filter((p) => p.status === 'finished').length;

  async function logout() {
    await me.signOut();
    navigate('/login');
  }

  const addPost = (
    <Link to="/post/create" className="btn btn-primary" data-testid="profile-add-post">
      {t('profiles.client.addPost')}
    </Link>
  );

  return (
    <div className="pf-page">
      <aside className="pf-sidebar" aria-label={t('profiles.sidebar')}>
        <SafeImage
          className="pf-avatar"
          src={user?.profilePicture}
          fallback={AVATAR_PLACEHOLDER}
          alt={user ? t('profiles.picture', { name: user.username }) : ''}
          width={96}
          height={96}
          sizes="96px"
        />
        <h1 className="pf-name" data-testid="profile-name">
          {user ? user.username : '\u00a0'}
        </h1>
        <p className="pf-location">
          {user?.location ? t('profiles.town', { town: user.location }) : t('profiles.country')}
        </p>
        <div className="pf-counts">
          <div>
            <strong data-testid="profile-posts-count">{list.length}</strong>
            <span>{t('profiles.count.posts', { count: list.length })}</span>
          </div>
          <div>
            <strong data-testid="profile-projects-count">{finishedCount}</strong>
            <span>{t('profiles.count.projects', { count: finishedCount })}</span>
          </div>
        </div>
        {isOwner && (
          <div className="pf-owner-actions">
            <Link to={`/settings/${id}/client-profile`} className="btn btn-secondary" data-testid="profile-settings">
              {t('profiles.settings')}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={logout} data-testid="profile-logout">
              {t('profiles.logout')}
            </button>
          </div>
        )}
      </aside>

      <div className="pf-main">
        {postsQuery.isPending ? (
          <p className="muted">{t('profiles.loading')}</p>
        ) : postsQuery.isError && list.length === 0 ? (
          <LoadError message={t('profiles.client.postsError')} onRetry={() => void postsQuery.refetch()} />
        ) : list.length === 0 ? (
          <div className="pf-empty-state">
            <p className="empty-state">{t(isOwner ? 'profiles.client.firstPost' : 'profiles.client.noPosts')}</p>
            {isOwner && addPost}
          </div>
        ) : (
          SECTIONS.map(({ status, title: titleId }) => {
            const items = list.filter((p) => p.status === status);
            const title = t(titleId);
            return (
              // Named by its heading (the title and its count): its carousel is named by the title alone.
              <section
                key={status}
                className="pf-section"
                aria-labelledby={`profile-section-${status}-title`}
                data-testid={`profile-section-${status}`}
              >
                <header className="pf-section-header">
                  <h2 id={`profile-section-${status}-title`}>
                    {t('profiles.client.sectionCount', { title, count: items.length })}
                  </h2>
                  {status === 'open' && isOwner && addPost}
                </header>
                {items.length === 0 ? (
                  <p className="muted">{t('profiles.client.nothingYet')}</p>
                ) : (
                  <Carousel label={title} step={PROFILE_SCROLL_STEP} minWindowWidth={430} testId={`carousel-${status}`}>
                    {items.map((p) => (
                      <ProfilePostCard
                        key={p._id}
                        post={p}
                        to={isOwner ? `/post/view/${p._id}` : `/post/${p._id}`}
                        categories={names(p.category)}
                      />
                    ))}
                  </Carousel>
                )}
              </section>
            );
          })
        )}
        <LoadMore
          hasMore={!!postsQuery.hasNextPage}
          loading={postsQuery.isFetchingNextPage}
          onMore={() => void postsQuery.fetchNextPage()}
        />
      </div>
    </div>
  );
}

function ProfilePostCard({ post, to, categories }: { post: Post; to: string; categories: string[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <article className="pf-card" data-testid="profile-post-card">
      <SafeImage
        src={post.images?.[0]}
        fallback={POST_PLACEHOLDER}
        alt=""
        className="pf-card-image"
        width={400}
        height={300}
        sizes="(max-width: 640px) 100vw, 320px"
      />
      <div className="pf-card-body">
        <h3>{post.title || t('profiles.post.untitled')}</h3>
        <p className="pf-card-meta">
          {post.location || t('profiles.post.noLocation')} · {format.money(post.budget)}
        </p>
        <p className="pf-card-cats">{categories.length ? categories.join(', ') : t('services.category.unknown')}</p>
        <p className="pf-card-text">{truncate(post.content || t('profiles.post.noDescription'), 100)}</p>
        <Link to={to} className="btn btn-secondary btn-sm">
          {t('profiles.post.view')}
        </Link>
      </div>
    </article>
  );
}

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
