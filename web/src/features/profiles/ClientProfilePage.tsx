/**
 * Client profile (/clientprofile/{id}): sidebar with picture, name, town, and counts of posts and
 * finished projects; the client's posts in three carousels (Available = open, Ongoing = accepted,
 * Finished = finished), newest first. The owner also gets Settings, Logout and Add Post.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import type { PostStatus } from '../../../../common/constants';
import type { ClientUser, Post } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Carousel } from '../../components/Carousel';
import { fetchAllPages, money, newestFirst } from './lists';
import { AVATAR_PLACEHOLDER, POST_PLACEHOLDER } from '../../lib/images';
import { PROFILE_SCROLL_STEP } from './lists';
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
  const [user, setUser] = useState<ClientUser | null | undefined>(undefined);
  const [posts, setPosts] = useState<Post[] | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setUser(undefined); setPosts(undefined);
    api.get<ClientUser>(`/user/${encodeURIComponent(id)}`)
      .then((u) => live && setUser(u))
      .catch((err) => { console.error('Failed to load user', err); if (live) setUser(null); });
    fetchAllPages<Post>(`/post/user/${encodeURIComponent(id)}`)
      .then((list) => live && setPosts([...list].sort(newestFirst)))
      .catch((err) => { console.error('Failed to load posts', err); if (live) setPosts([]); });
    return () => { live = false; };
  }, [id]);

  if (user === null) return <div className="pf-page"><p className="empty-state">This profile could not be found.</p></div>;

  const isOwner = me.account?.role === 'client' && me.account.id === id;
  const list = posts ?? [];
  const finishedCount = list.filter((p) => p.status === 'finished').length;

  async function logout() {
    await me.signOut();
    navigate('/login');
  }

  const addPost = <Link to="/post/create" className="btn btn-primary" data-testid="profile-add-post">Add Post</Link>;

  return (
    <div className="pf-page">
      <aside className="pf-sidebar" aria-label="Profile">
        <SafeImage className="pf-avatar" src={user?.profilePicture} fallback={AVATAR_PLACEHOLDER} alt={user ? `${user.username}'s profile picture` : ''} width={96} height={96} sizes="96px" />
        <h1 className="pf-name" data-testid="profile-name">{user ? user.username : '\u00a0'}</h1>
        <p className="pf-location">{user?.location ? `${user.location}, Albania` : 'Albania'}</p>
        <div className="pf-counts">
          <div><strong data-testid="profile-posts-count">{list.length}</strong><span>Posts</span></div>
          <div><strong data-testid="profile-projects-count">{finishedCount}</strong><span>Projects</span></div>
        </div>
        {isOwner && (
          <div className="pf-owner-actions">
            <Link to={`/settings/${id}/client-profile`} className="btn btn-secondary" data-testid="profile-settings">Settings</Link>
            <button type="button" className="btn btn-secondary" onClick={logout} data-testid="profile-logout">Logout</button>
          </div>
        )}
      </aside>

      <main className="pf-main">
        {posts === undefined ? <p className="muted">Loading...</p> : list.length === 0 ? (
          <div className="pf-empty-state">
            <p className="empty-state">{isOwner ? 'Start by creating your first post!' : 'No posts yet.'}</p>
            {isOwner && addPost}
          </div>
        ) : SECTIONS.map(({ status, title }) => {
          const items = list.filter((p) => p.status === status);
          return (
            <section key={status} className="pf-section" aria-label={title} data-testid={`profile-section-${status}`}>
              <header className="pf-section-header">
                <h2>{title} ({items.length})</h2>
                {status === 'open' && isOwner && addPost}
              </header>
              {items.length === 0 ? <p className="muted">Nothing here yet.</p> : (
                <Carousel label={title} step={PROFILE_SCROLL_STEP} minWindowWidth={430} testId={`carousel-${status}`}>
                  {items.map((p) => (
                    <ProfilePostCard key={p._id} post={p} to={isOwner ? `/post/view/${p._id}` : `/post/${p._id}`} categories={categoryNames(p.category, names)} />
                  ))}
                </Carousel>
              )}
            </section>
          );
        })}
      </main>
    </div>
  );
}

function ProfilePostCard({ post, to, categories }: { post: Post; to: string; categories: string[] }) {
  return (
    <article className="pf-card" data-testid="profile-post-card">
      <SafeImage src={post.images?.[0]} fallback={POST_PLACEHOLDER} alt="" className="pf-card-image" width={400} height={300} sizes="(max-width: 640px) 100vw, 320px" />
      <div className="pf-card-body">
        <h3>{post.title || 'Untitled Post'}</h3>
        <p className="pf-card-meta">{post.location || 'Location not specified'} · {money(post.budget, '€')}</p>
        <p className="pf-card-cats">{categories.length ? categories.join(', ') : 'Unknown Category'}</p>
        <p className="pf-card-text">{truncate(post.content || 'No description available', 100)}</p>
        <Link to={to} className="btn btn-secondary btn-sm">View</Link>
      </div>
    </article>
  );
}

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
