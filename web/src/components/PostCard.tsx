/**
 * A post in a list: first image (or placeholder), title, relative time, category names, location,
 * content preview (100 characters), budget in the stage's currency, and View. Clients open their own
 * posts in the owner view (/post/view/{id}); everyone else opens the post detail (/post/{id}).
 */
import { Link } from 'react-router';
import type { Post } from '../../../common/types';
import { LIMITS } from '../../../common/constants';
import { useAuth } from '../auth/AuthProvider';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/useT';
import { useCategories } from '../lib/categories';
import { POST_PLACEHOLDER } from '../lib/images';
import { ClockIcon, MapPinIcon } from './icons';
import { SafeImage } from './SafeImage';

/** How wide a card's picture is shown: one column on phones, two on tablets, three (about 360 px) on wider screens. */
const POST_CARD_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 360px';

export function postViewPath(post: Pick<Post, '_id' | 'userId'>, viewer: { role: string | null; accountId?: string }) {
  return viewer.role === 'client' && viewer.accountId && post.userId === viewer.accountId
    ? `/post/view/${post._id}`
    : `/post/${post._id}`;
}

/** The first `max` characters of a text (with '…' when cut); undefined for a blank text. */
export function preview(text: string | undefined, max: number = LIMITS.postPreviewChars): string | undefined {
  if (!text?.trim()) return undefined;
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max).trimEnd()}…` : t;
}

export function PostCard({
  post,
  headingLevel = 3,
}: {
  post: Post;
  /** Not needed any more (names come from useCategories); accepted until every list stops passing it. */
  categoriesById?: ReadonlyMap<string, string>;
  /** 2 where the cards sit right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const format = useFormat();
  const { names: categoryNames } = useCategories();
  const { role, account } = useAuth();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = post.title?.trim() || t('common.post.untitled');
  const names = post.category?.length ? categoryNames(post.category) : [t('services.category.unknown')];
  const budget = post.budget === undefined || post.budget === null ? '' : format.money(post.budget);
  return (
    <article className="card post-card" data-testid="post-card" aria-label={title}>
      <SafeImage
        className="post-card-image"
        src={post.images?.[0]}
        fallback={POST_PLACEHOLDER}
        alt={title}
        width={400}
        height={300}
        sizes={POST_CARD_SIZES}
      />
      <div className="post-card-body">
        <Heading className="post-card-title">{title}</Heading>
        <div className="post-card-meta">
          <span>
            <ClockIcon width={14} height={14} style={{ verticalAlign: '-2px' }} /> {format.timeAgo(post.createdAt)}
          </span>
          <span>
            <MapPinIcon width={14} height={14} style={{ verticalAlign: '-2px' }} />{' '}
            {post.location?.trim() || t('common.post.noLocation')}
          </span>
        </div>
        <div className="post-card-categories">
          {names.map((n, i) => (
            <span key={i} className="chip">
              {n}
            </span>
          ))}
        </div>
        <p className="post-card-content">{preview(post.content) ?? t('common.post.noDescription')}</p>
        <div className="post-card-footer">
          <span className="post-card-budget">{budget === '-' ? '' : budget}</span>
          <Link className="btn btn-primary btn-sm" to={postViewPath(post, { role, accountId: account?.id })}>
            {t('common.post.view')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A grid of post cards, or the empty text. */
export function PostGrid({
  posts,
  empty,
  testId,
  headingLevel,
}: {
  posts: readonly Post[];
  /** Not needed any more (names come from useCategories); accepted until every list stops passing it. */
  categoriesById?: ReadonlyMap<string, string>;
  empty: string;
  testId?: string;
  headingLevel?: 2 | 3;
}) {
  if (posts.length === 0)
    return (
      <div className="empty-state" data-testid={testId}>
        {empty}
      </div>
    );
  return (
    <div className="post-grid" data-testid={testId}>
      {posts.map((p) => (
        <PostCard key={p._id} post={p} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
