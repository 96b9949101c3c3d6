/**
 * Client profile (/clientprofile/{id}): sidebar with picture, name, town, and counts of posts and
 * finished projects; the client's posts in three carousels (Available = open, Ongoing = accepted,
 * Finished = finished), newest first. The owner also gets Settings, Logout and Add Post.
 */
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import type { PostStatus } from '../../../../common/constants';
import type { Post } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Carousel } from '../../components/Carousel';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { money } from '../../lib/format';
import { allItems, newestFirst } from '../../lib/pages';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { useUserPosts } from '../posts/api/get-user-posts';
import { useUser } from './api/get-user';
import { PROFILE_SCROLL_STEP } from './carousel';
import './profiles.css';
import { SafeImage } from '../../components/SafeImage';

const SECTIONS: { status: PostStatus; title: string }[] = [
  { status: 'open', title: 'Available posts' },
  { status: 'accepted', title: 'Ongoing posts' },
  { status: 'finished', title: 'Finished posts' },
];

export default function ClientProfilePage() {
  const { id = '' } = useParams();
  const me = useAuth();
  const navigate = useNavigate();
  const { byId: names } = useCategories();
  const userQuery = useUser(id);
  const postsQuery = useUserPosts(id);
  const user = userQuery.data;
  const list = useMemo(() => allItems(postsQuery.data).sort(newestFirst), [postsQuery.data]);

  if (isNotFound(userQuery.error))
    return (
      <div className="pf-page">
        <p className="empty-state">This profile could not be found.</p>
      </div>
    );
  if (userQuery.isError) {
    return (
      <div className="pf-page">
        <LoadError
          message="Could not load this profile. Check your connection and try again."
          onRetry={() => void userQuery.refetch()}
        />
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
      Add Post
    </Link>
  );

  return (
    <div className="pf-page">
      <aside className="pf-sidebar" aria-label="Profile">
        <SafeImage
          className="pf-avatar"
          src={user?.profilePicture}
          fallback={AVATAR_PLACEHOLDER}
          alt={user ? `${user.username}'s profile picture` : ''}
          width={96}
          height={96}
          sizes="96px"
        />
        <h1 className="pf-name" data-testid="profile-name">
          {user ? user.username : '\u00a0'}
        </h1>
        <p className="pf-location">{user?.location ? `${user.location}, Albania` : 'Albania'}</p>
        <div className="pf-counts">
          <div>
            <strong data-testid="profile-posts-count">{list.length}</strong>
            <span>Posts</span>
          </div>
          <div>
            <strong data-testid="profile-projects-count">{finishedCount}</strong>
            <span>Projects</span>
          </div>
        </div>
        {isOwner && (
          <div className="pf-owner-actions">
            <Link to={`/settings/${id}/client-profile`} className="btn btn-secondary" data-testid="profile-settings">
              Settings
            </Link>
            <button type="button" className="btn btn-secondary" onClick={logout} data-testid="profile-logout">
              Logout
            </button>
          </div>
        )}
      </aside>

      <div className="pf-main">
        {postsQuery.isPending ? (
          <p className="muted">Loading...</p>
        ) : postsQuery.isError && list.length === 0 ? (
          <LoadError message="Could not load the posts." onRetry={() => void postsQuery.refetch()} />
        ) : list.length === 0 ? (
          <div className="pf-empty-state">
            <p className="empty-state">{isOwner ? 'Start by creating your first post!' : 'No posts yet.'}</p>
            {isOwner && addPost}
          </div>
        ) : (
          SECTIONS.map(({ status, title }) => {
            const items = list.filter((p) => p.status === status);
            return (
              <section key={status} className="pf-section" aria-label={title} data-testid={`profile-section-${status}`}>
                <header className="pf-section-header">
                  <h2>
                    {title} ({items.length})
                  </h2>
                  {status === 'open' && isOwner && addPost}
                </header>
                {items.length === 0 ? (
                  <p className="muted">Nothing here yet.</p>
                ) : (
                  <Carousel label={title} step={PROFILE_SCROLL_STEP} minWindowWidth={430} testId={`carousel-${status}`}>
                    {items.map((p) => (
                      <ProfilePostCard
                        key={p._id}
                        post={p}
                        to={isOwner ? `/post/view/${p._id}` : `/post/${p._id}`}
                        categories={categoryNames(p.category, names)}
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
        <h3>{post.title || 'Untitled Post'}</h3>
        <p className="pf-card-meta">
          {post.location || 'Location not specified'} · {money(post.budget, '€')}
        </p>
        <p className="pf-card-cats">{categories.length ? categories.join(', ') : 'Unknown Category'}</p>
        <p className="pf-card-text">{truncate(post.content || 'No description available', 100)}</p>
        <Link to={to} className="btn btn-secondary btn-sm">
          View
        </Link>
      </div>
    </article>
  );
}

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
