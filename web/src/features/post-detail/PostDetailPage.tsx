/**
 * Business-facing post detail (/post/{postId}): gallery, budget in $, categories, the client's name
 * linking to the client profile, 'Make an offer' for businesses, and a sidebar of similar open
 * requests (same categories; first 5, +5 per 'View More').
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, ApiError, toQuery } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import { LIMITS } from '../../../../common/constants';
import type { Offer, Post } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { errorMessage, money } from '../profiles/lists';
import { POST_PLACEHOLDER } from '../../lib/images';
import { Banner, useTimedMessage } from '../profiles/ui';
import { timeAgo } from '../../lib/time';
import './post-detail.css';
import { fetchFilteredPosts } from '../posts/api/filteredPosts';
import { SafeImage } from '../../components/SafeImage';

export default function PostDetailPage() {
  const { postId = '' } = useParams();
  const [post, setPost] = useState<Post | null | undefined>(undefined);
  const [activeImage, setActiveImage] = useState(0);
  const { byId: names } = useCategories();
  const me = useAuth();
  const navigate = useNavigate();
  const [banner, showBanner] = useTimedMessage(3000);
  const [formOpen, setFormOpen] = useState(false);
  const [myOffer, setMyOffer] = useState<Offer | null>(null);

  useEffect(() => {
    let live = true;
    setPost(undefined);
    setActiveImage(0);
    setFormOpen(false);
    api.get<Post>(`/post/${encodeURIComponent(postId)}`)
      .then((p) => live && setPost(p))
      .catch((err) => { console.error('Failed to load post', err); if (live) setPost(null); });
    return () => { live = false; };
  }, [postId]);

  // A business sees its own offer on this post (at most one per business), if any.
  useEffect(() => {
    if (me.role !== 'business') return;
    let live = true;
    setMyOffer(null);
    api.get<Offer[]>(`/getPostOffers/${encodeURIComponent(postId)}`)
      .then((list) => live && setMyOffer(list?.[0] ?? null))
      .catch((err) => console.error('Failed to load own offer', err));
    return () => { live = false; };
  }, [postId, me.role]);

  if (post === undefined) return <div className="pd-page"><p className="muted">Loading...</p></div>;
  if (post === null) return <div className="pd-page"><p className="empty-state">No post found.</p></div>;

  const images = post.images?.length ? post.images : [POST_PLACEHOLDER];
  const isBusiness = me.role === 'business';

  return (
    <div className="pd-page">
      <section className="pd-main">
        <h1 className="pd-title">{post.title || 'Untitled Post'}</h1>
        <div className="pd-gallery">
          <SafeImage className="pd-big-image" src={images[activeImage] ?? images[0]} fallback={POST_PLACEHOLDER} alt={post.title || 'Post image'}
            width={1200} height={900} sizes="(max-width: 900px) 100vw, 720px" eager />
          {images.length > 1 && (
            <div className="pd-thumbs">
              {images.map((src, i) => (
                <button
                  key={src + i}
                  type="button"
                  className={i === activeImage ? 'pd-thumb pd-thumb--active' : 'pd-thumb'}
                  onClick={() => setActiveImage(i)}
                  aria-label={`Show image ${i + 1}`}
                >
                  <SafeImage src={src} fallback={POST_PLACEHOLDER} alt="" width={160} height={120} sizes="120px" />
                </button>
              ))}
            </div>
          )}
        </div>

        <dl className="pd-facts">
          <div><dt>Budget</dt><dd data-testid="post-budget">{money(post.budget, '$')}</dd></div>
          <div><dt>Location</dt><dd>{post.location || 'Location not specified'}</dd></div>
          <div><dt>Posted</dt><dd>{timeAgo(post.createdAt)}</dd></div>
          <div>
            <dt>Client</dt>
            <dd>
              <Link to={`/clientprofile/${post.userId}`} data-testid="post-client-link">{post.clientName || 'View client profile'}</Link>
            </dd>
          </div>
        </dl>

        <div className="pd-categories">
          {categoryNames(post.category, names).map((name, i) => (
            <button
              key={`${post.category[i]}-${i}`}
              type="button"
              className="chip"
              onClick={() => navigate(`/filtered-posts${toQuery({ categories: [post.category[i]] })}`)}
            >
              {name}
            </button>
          ))}
        </div>

        <h2 className="pd-subtitle">Description</h2>
        <p className="pd-content">{post.content || 'No description available'}</p>

        <Banner text={banner} testId="offer-success-banner" />
        {isBusiness && (
          myOffer ? (
            <p className="pd-my-offer" data-testid="my-offer">
              Your offer: <strong>{money(myOffer.price, '$', 2)}</strong>{' '}
              <span className={`fx-status fx-status--${myOffer.status}`}>{myOffer.status[0].toUpperCase() + myOffer.status.slice(1)}</span>
            </p>
          ) : post.status !== 'open' ? (
            <p className="muted">This request is no longer taking offers.</p>
          ) : formOpen ? (
            <OfferForm
              postId={post._id}
              businessId={me.account?.role === 'business' ? me.account.id : undefined}
              onCancel={() => setFormOpen(false)}
              onDone={(offer) => { setFormOpen(false); setMyOffer(offer); showBanner('Offer was successfully made!'); }}
            />
          ) : (
            <button type="button" className="btn btn-primary" data-testid="make-offer-button" onClick={() => setFormOpen(true)}>
              Make an offer
            </button>
          )
        )}
      </section>

      <SimilarRequests post={post} />
    </div>
  );
}

function OfferForm({ postId, businessId, onCancel, onDone }: {
  postId: string; businessId?: string; onCancel: () => void; onDone: (offer: Offer) => void;
}) {
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!businessId) {
      setError('Business ID is required.');
      return;
    }
    const amount = Number(price);
    if (!price.trim() || !Number.isFinite(amount) || amount <= 0 || !message.trim()) {
      setError('Failed to submit offer: please enter a price above 0 and a message.');
      return;
    }
    setSending(true);
    try {
      const offer = await api.post<Offer>('/offer', { price: amount, message: message.trim(), postId, businessId });
      onDone(offer);
    } catch (err) {
      const text = err instanceof ApiError && err.status === 400 ? `Failed to create offer: ${err.message || 'Unknown error'}` : errorMessage(err, 'Unknown error');
      setError(`Failed to submit offer: ${text}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="pd-offer-form" onSubmit={submit} aria-label="Make an offer">
      <h2 className="pd-subtitle">Make an offer</h2>
      <label className="field">
        <span className="field-label">Your price ($)</span>
        <input
          className="input" type="number" min="1" step="0.01" required inputMode="decimal"
          value={price} onChange={(e) => setPrice(e.target.value)} data-testid="offer-price"
        />
      </label>
      <label className="field">
        <span className="field-label">Message</span>
        <textarea className="textarea" required rows={4} value={message} onChange={(e) => setMessage(e.target.value)} data-testid="offer-message" />
      </label>
      {error && <p className="field-error fx-error" role="alert" data-testid="offer-error">{error}</p>}
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="offer-submit">
          {sending ? 'Sending...' : 'Submit offer'}
        </button>
      </div>
    </form>
  );
}

/** Open posts sharing a category with this one, newest first, revealed 5 at a time. */
function SimilarRequests({ post }: { post: Post }) {
  const [items, setItems] = useState<Post[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<number>(LIMITS.similarRequestsStep);
  const [loading, setLoading] = useState(true);
  const categories = post.category ?? [];

  async function loadPage(after?: string) {
    const page = await fetchFilteredPosts({ categories }, 20, after);
    return { items: (page.items ?? []).filter((p) => p._id !== post._id), next: page.nextCursor };
  }

  useEffect(() => {
    let live = true;
    setItems([]); setCursor(undefined); setShown(LIMITS.similarRequestsStep); setLoading(true);
    loadPage()
      .then((r) => { if (live) { setItems(r.items); setCursor(r.next); } })
      .catch((err) => console.error('Failed to load similar requests', err))
      .finally(() => live && setLoading(false));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [post._id]);

  async function viewMore() {
    const want = shown + LIMITS.similarRequestsStep;
    let list = items;
    let next = cursor;
    try {
      while (list.length < want && next) {
        const r = await loadPage(next);
        list = [...list, ...r.items];
        next = r.next;
      }
    } catch (err) {
      console.error('Failed to load more similar requests', err);
    }
    setItems(list); setCursor(next); setShown(want);
  }

  const visible = items.slice(0, shown);
  const hasMore = items.length > shown || !!cursor;

  return (
    <aside className="pd-similar" aria-label="Similar requests">
      <h2 className="pd-subtitle">Similar requests you might like</h2>
      {loading ? <p className="muted">Loading...</p> : visible.length === 0 ? (
        <p className="muted">No similar requests yet.</p>
      ) : (
        <ul className="pd-similar-list">
          {visible.map((p) => (
            <li key={p._id}>
              <Link to={`/post/${p._id}`} className="pd-similar-item">
                <SafeImage src={p.images?.[0]} fallback={POST_PLACEHOLDER} alt="" width={400} height={300} sizes="(max-width: 640px) 100vw, 320px" />
                <span>
                  <strong>{p.title || 'Untitled Post'}</strong>
                  <small>{p.location || 'Location not specified'} · {money(p.budget, '$')}</small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button type="button" className="btn-link" onClick={viewMore} data-testid="similar-view-more">View More</button>
      )}
    </aside>
  );
}
