/**
 * Business-facing post detail (/post/{postId}): gallery, budget in $, categories, the client's name
 * linking to the client profile, 'Make an offer' for businesses, and a sidebar of similar open
 * requests (same categories; first 5, +5 per 'View More').
 */
import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, isNotFound, toQuery } from '../../lib/api';
import { useCategories, categoryNames } from '../../lib/categories';
import { LIMITS } from '../../../../common/constants';
import { createOfferBody } from '../../../../common/schemas/offers';
import type { Post } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { errorMessage, money } from '../../lib/format';
import { useApiFieldErrors, FieldError } from '../../lib/forms';
import { POST_PLACEHOLDER } from '../../lib/images';
import { allItems } from '../../lib/pages';
import { timeAgo } from '../../lib/time';
import { useCreateOffer } from '../offers/api/create-offer';
import { usePostOffers } from '../offers/api/get-post-offers';
import { useFilteredPosts } from '../posts/api/get-filtered-posts';
import { usePost } from '../posts/api/get-post';
import './post-detail.css';
import { SafeImage } from '../../components/SafeImage';

export default function PostDetailPage() {
  const { postId = '' } = useParams();
  const postQuery = usePost(postId);
  const post = postQuery.data;
  const [activeImage, setActiveImage] = useState(0);
  const { byId: names } = useCategories();
  const me = useAuth();
  const navigate = useNavigate();
  const [banner, showBanner] = useTimedMessage(3000);
  const [formOpen, setFormOpen] = useState(false);
  // A business sees its own offer on this post (at most one per business), if any.
  const offersQuery = usePostOffers(postId, { enabled: me.role === 'business' });
  const myOffer = allItems(offersQuery.data)[0] ?? null;

  // Another post (a similar request): start at its first image with the offer form closed.
  const [shownPostId, setShownPostId] = useState(postId);
  if (shownPostId !== postId) {
    setShownPostId(postId);
    setActiveImage(0);
    setFormOpen(false);
  }

  if (postQuery.isPending)
    return (
      <div className="pd-page">
        <p className="muted">Loading...</p>
      </div>
    );
  if (isNotFound(postQuery.error))
    return (
      <div className="pd-page">
        <p className="empty-state">No post found.</p>
      </div>
    );
  if (!post) {
    return (
      <div className="pd-page">
        <LoadError
          message="Could not load this post. Check your connection and try again."
          onRetry={() => void postQuery.refetch()}
        />
      </div>
    );
  }

  const images = post.images?.length ? post.images : [POST_PLACEHOLDER];
  const isBusiness = me.role === 'business';

  return (
    <div className="pd-page">
      <section className="pd-main">
        <h1 className="pd-title">{post.title || 'Untitled Post'}</h1>
        <div className="pd-gallery">
          <SafeImage
            className="pd-big-image"
            src={images[activeImage] ?? images[0]}
            fallback={POST_PLACEHOLDER}
            alt={post.title || 'Post image'}
            width={1200}
            height={900}
            sizes="(max-width: 900px) 100vw, 720px"
            eager
          />
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
          <div>
            <dt>Budget</dt>
            <dd data-testid="post-budget">{money(post.budget, '$')}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{post.location || 'Location not specified'}</dd>
          </div>
          <div>
            <dt>Posted</dt>
            <dd>{timeAgo(post.createdAt)}</dd>
          </div>
          <div>
            <dt>Client</dt>
            <dd>
              <Link to={`/clientprofile/${post.userId}`} data-testid="post-client-link">
                {post.clientName || 'View client profile'}
              </Link>
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
        {isBusiness &&
          (offersQuery.isError && !myOffer ? (
            <LoadError message="Could not load your offer on this post." onRetry={() => void offersQuery.refetch()} />
          ) : myOffer ? (
            <p className="pd-my-offer" data-testid="my-offer">
              Your offer: <strong>{money(myOffer.price, '$', 2)}</strong>{' '}
              <span className={`fx-status fx-status--${myOffer.status}`}>
                {myOffer.status[0].toUpperCase() + myOffer.status.slice(1)}
              </span>
            </p>
          ) : post.status !== 'open' ? (
            <p className="muted">This request is no longer taking offers.</p>
          ) : formOpen ? (
            <OfferForm
              postId={post._id}
              businessId={me.account?.role === 'business' ? me.account.id : undefined}
              onCancel={() => setFormOpen(false)}
              onDone={() => {
                setFormOpen(false);
                showBanner('Offer was successfully made!');
              }}
            />
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="make-offer-button"
              onClick={() => setFormOpen(true)}
            >
              Make an offer
            </button>
          ))}
      </section>

      <SimilarRequests post={post} />
    </div>
  );
}

/** The fields of POST /offer a business types: the API's own rules for them. */
const offerFields = createOfferBody.pick({ price: true, message: true });

export function OfferForm({
  postId,
  businessId,
  onCancel,
  onDone,
}: {
  postId: string;
  businessId?: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const form = useForm<z.input<typeof offerFields>, unknown, z.output<typeof offerFields>>({
    resolver: zodResolver(offerFields),
    defaultValues: { price: '', message: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const createOffer = useCreateOffer();
  const applyApiErrors = useApiFieldErrors({});
  const sending = createOffer.isPending;
  const { errors } = form.formState;
  const priceError = errors.price?.message;
  const messageError = errors.message?.message;

  const submit = form.handleSubmit(async ({ price, message }) => {
    setError(null);
    if (!businessId) {
      setError('Business ID is required.');
      return;
    }
    try {
      await createOffer.mutateAsync({ price, message, postId, businessId });
      onDone();
    } catch (err) {
      if (applyApiErrors(err, form.setError, ['price', 'message'])) return;
      const text =
        err instanceof ApiError && err.status === 400
          ? `Failed to create offer: ${err.message || 'Unknown error'}`
          : errorMessage(err, 'Unknown error');
      setError(`Failed to submit offer: ${text}`);
    }
  });

  return (
    <form className="pd-offer-form" onSubmit={submit} aria-label="Make an offer" noValidate>
      <h2 className="pd-subtitle">Make an offer</h2>
      <label className="field">
        <span className="field-label">Your price ($)</span>
        <input
          className="input"
          type="number"
          step="0.01"
          required
          inputMode="decimal"
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? 'offer-price-error' : undefined}
          {...form.register('price')}
          data-testid="offer-price"
        />
        <FieldError id="offer-price-error" message={priceError} testId="offer-price-error" />
      </label>
      <label className="field">
        <span className="field-label">Message</span>
        <textarea
          className="textarea"
          required
          rows={4}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'offer-message-error' : undefined}
          {...form.register('message')}
          data-testid="offer-message"
        />
        <FieldError id="offer-message-error" message={messageError} testId="offer-message-error" />
      </label>
      {error && (
        <p className="field-error fx-error" role="alert" data-testid="offer-error">
          {error}
        </p>
      )}
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending} data-testid="offer-submit">
          {sending ? 'Sending...' : 'Submit offer'}
        </button>
      </div>
    </form>
  );
}

/** Open posts sharing a category with this one, newest first, revealed 5 at a time. */
function SimilarRequests({ post }: { post: Post }) {
  const query = useFilteredPosts({ categories: post.category ?? [] }, SIMILAR_PAGE_SIZE);
  const [shown, setShown] = useState<number>(LIMITS.similarRequestsStep);
  const [shownFor, setShownFor] = useState(post._id);
  if (shownFor !== post._id) {
    setShownFor(post._id);
    setShown(LIMITS.similarRequestsStep);
  }
  const items = allItems(query.data).filter((p) => p._id !== post._id);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  // Read on until there are enough to show (or the list ends).
  const short = items.length < shown;
  useEffect(() => {
    if (short && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [short, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const visible = items.slice(0, shown);
  const hasMore = items.length > shown || !!hasNextPage;

  return (
    <aside className="pd-similar" aria-labelledby="similar-requests-title">
      <h2 className="pd-subtitle" id="similar-requests-title">
        Similar requests you might like
      </h2>
      {query.isPending ? (
        <p className="muted">Loading...</p>
      ) : isError && visible.length === 0 ? (
        <LoadError message="Could not load similar requests." onRetry={() => void query.refetch()} />
      ) : visible.length === 0 ? (
        <p className="muted">No similar requests yet.</p>
      ) : (
        <ul className="pd-similar-list">
          {visible.map((p) => (
            <li key={p._id}>
              <Link to={`/post/${p._id}`} className="pd-similar-item">
                <SafeImage
                  src={p.images?.[0]}
                  fallback={POST_PLACEHOLDER}
                  alt=""
                  width={400}
                  height={300}
                  sizes="(max-width: 640px) 100vw, 320px"
                />
                <span>
                  <strong>{p.title || 'Untitled Post'}</strong>
                  <small>
                    {p.location || 'Location not specified'} · {money(p.budget, '$')}
                  </small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className="btn-link"
          onClick={() => setShown((n) => n + LIMITS.similarRequestsStep)}
          disabled={isFetchingNextPage}
          data-testid="similar-view-more"
        >
          View More
        </button>
      )}
    </aside>
  );
}

const SIMILAR_PAGE_SIZE = 20;
