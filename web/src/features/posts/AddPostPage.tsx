/**
 * Add Post (/post/create, clients): title, categories, budget (integer), location, description and up to
 * 5 JPEG/PNG images, each uploaded as soon as it is chosen (preview, remove). The fields are checked
 * with POST /post's own schema (createPostBody), the pictures with its types and count; nothing is sent
 * while a picture is still uploading. Success goes to /client-dashboard. Once a service and a town are chosen, the
 * price guide shows what most accepted offers for them cost, with "Use the median" for the budget, and a few ideas
 * for them, each usable as the request's reference. Opened from an idea (`?idea=`: "ask for offers like this"), the
 * form starts with the idea's service and town and the idea as its reference (its business is invited first). The
 * pictures (checking, uploading, previews) are PostImages.
 */
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { IDEA_QUERY_PARAM } from '../../../../common/ideas';
import type * as z from 'zod';
import { POST_TITLE_MAX } from '../../../../common/constants';
import type { createPostBody } from '../../../../common/schemas/posts';
import { useAuth } from '../../auth/AuthProvider';
import { ErrorModal } from '../../components/ErrorModal';
import { TownSelect } from '../../components/TownSelect';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { PriceGuide } from '../../entities/price-guide';
import { useCreatePost } from '../../entities/posts/api/create-post';
import { PostImagesField, usePostImages } from './PostImages';
import { PostServicesField } from './PostServicesField';
import { useIdea } from '../../entities/ideas/api/get-idea';
import { MatchingIdeas, ReferenceIdea } from '../../entities/ideas/RequestIdeas';

/** The fields of POST /post a client types (the user and the pictures are added on sending). */
const POST_FIELDS = { title: true, category: true, location: true, budget: true, content: true } as const;
export type PostFields = Pick<z.output<ReturnType<typeof createPostBody>>, keyof typeof POST_FIELDS>;

/** What the form holds: every field as the inputs give it. */
export interface PostForm {
  title: string;
  category: string[];
  location: string;
  budget: string;
  content: string;
}

/** POST /post's schema of those fields, fetched apart from the page (the form draws before zod arrives). */
const loadPostFormSchema = () =>
  import('../../../../common/schemas/posts').then(
    ({ createPostBody }) => createPostBody().pick(POST_FIELDS) as unknown as z.ZodType<PostFields, PostForm>,
  );

const LABELS: FieldLabels = {
  title: 'posts.add.field.title',
  category: 'posts.add.field.categories',
  location: 'posts.add.field.location',
  budget: 'posts.add.field.budgetName',
  content: 'posts.add.field.description',
};
const FIELDS = ['title', 'category', 'location', 'budget', 'content'] as const;

export default function AddPostPage() {
  usePageTitle('posts.add.title');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status, account, reloadAccount } = useAuth();

  // The account record normally loads with the session; try once more if it is missing, and
  // send the user to /login when the lookup fails.
  const retried = useRef(false);
  useEffect(() => {
    if (status !== 'signedIn' || account || retried.current) return;
    retried.current = true;
    void reloadAccount().then((found) => {
      if (!found) navigate('/login');
    });
  }, [status, account, reloadAccount, navigate]);

  return (
    <AddPostForm
      userId={account?.id}
      signedIn={status === 'signedIn'}
      onSignIn={() => navigate('/login')}
      onCancel={() => navigate(-1)}
      onCreated={() => navigate('/client-dashboard')}
      ideaId={params.get(IDEA_QUERY_PARAM) ?? undefined}
    />
  );
}

/** The add-post form for the client `userId` (undefined while the account record loads). */
export function AddPostForm({
  userId,
  signedIn,
  onSignIn,
  onCancel,
  onCreated,
  ideaId,
}: {
  userId: string | undefined;
  signedIn: boolean;
  onSignIn: () => void;
  onCancel: () => void;
  onCreated: () => void;
  /** "Ask for offers like this": the idea the request starts from. */
  ideaId?: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { currencySymbol } = useFormat();
  const createPost = useCreatePost();
  const resolver = useSchemaResolver(loadPostFormSchema, LABELS);
  const applyApiErrors = useApiFieldErrors(LABELS);
  const form = useForm<PostForm, unknown, PostFields>({
    resolver,
    defaultValues: { title: '', category: [], location: '', budget: '', content: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The price guide follows the first service chosen and the town.
  const chosenService = useWatch({ control: form.control, name: 'category' })[0];
  const chosenTown = useWatch({ control: form.control, name: 'location' });

  // The idea the request is made like: its service and town fill the form once (where still empty).
  const [reference, setReference] = useState(ideaId);
  const fromIdea = useIdea(ideaId);
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !fromIdea.data) return;
    prefilled.current = true;
    const { getValues, setValue } = form;
    if (getValues('category').length === 0) setValue('category', [fromIdea.data.service]);
    if (!getValues('location')) setValue('location', fromIdea.data.town);
  }, [fromIdea.data, form]);

  const pictures = usePostImages();
  const { images, uploading } = pictures;
  const [failure, setFailure] = useState<string[]>([]);

  const loading = isSubmitting || uploading;

  const onSubmit = form.handleSubmit(async (fields) => {
    if (!signedIn) {
      onSignIn();
      return;
    }
    if (!userId) {
      setFailure([t('posts.add.waitForUser')]);
      return;
    }
    if (uploading) {
      setFailure([t('posts.add.images.waitForUploads')]);
      return;
    }
    try {
      await createPost.mutateAsync({
        userId,
        ...fields,
        category: fields.category ?? [],
        content: fields.content ?? '',
        images: images.filter((i) => i.status === 'done' && i.key).map((i) => i.key!),
        ...(reference ? { ideaId: reference } : {}),
      });
      form.reset();
      pictures.clear();
      onCreated();
    } catch (err) {
      if (applyApiErrors(err, form.setError, FIELDS)) return;
      setFailure([t('posts.add.failed', { reason: errorText(err) })]);
    }
  });

  const described = (field: keyof PostForm) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `post-${field}-error` }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };

  return (
    <div className="page page-narrow" data-testid="add-post-page">
      <div className="page-header">
        <h1>{t('posts.add.title')}</h1>
      </div>
      <form className="card card-body" onSubmit={onSubmit} noValidate>
        {reference && <ReferenceIdea ideaId={reference} onRemove={() => setReference(undefined)} />}
        <div className="field">
          <label htmlFor="post-title">{t('posts.add.field.title')}</label>
          <input
            id="post-title"
            className="input"
            maxLength={POST_TITLE_MAX}
            placeholder={t('posts.add.field.titlePlaceholder')}
            {...described('title')}
            {...form.register('title')}
          />
          <FieldError id="post-title-error" message={errors.title?.message} testId="post-title-error" />
        </div>

        <PostServicesField control={form.control} error={errors.category?.message} />

        <div className="form-row">
          <div className="field">
            <label htmlFor="post-budget">{t('posts.add.field.budget', { currency: currencySymbol() })}</label>
            <input
              id="post-budget"
              className="input"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder={t('posts.add.field.budgetPlaceholder')}
              {...described('budget')}
              {...form.register('budget')}
            />
            <FieldError id="post-budget-error" message={errors.budget?.message} testId="post-budget-error" />
          </div>
          <div className="field">
            <label htmlFor="post-location">{t('posts.add.field.location')}</label>
            <Controller
              control={form.control}
              name="location"
              render={({ field }) => (
                <TownSelect
                  id="post-location"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder={t('posts.add.field.townPlaceholder')}
                  {...described('location')}
                />
              )}
            />
            <FieldError id="post-location-error" message={errors.location?.message} testId="post-location-error" />
          </div>
        </div>
        <PriceGuide
          service={chosenService}
          town={chosenTown || undefined}
          onUseMedian={(median) => form.setValue('budget', String(median), { shouldValidate: true, shouldDirty: true })}
        />
        <MatchingIdeas
          service={chosenService}
          town={chosenTown || undefined}
          chosen={reference}
          onChoose={(idea) => setReference(idea._id)}
        />

        <div className="field">
          <label htmlFor="post-content">{t('posts.add.field.description')}</label>
          <textarea
            id="post-content"
            className="textarea"
            placeholder={t('posts.add.field.descriptionPlaceholder')}
            {...described('content')}
            {...form.register('content')}
          />
          <FieldError id="post-content-error" message={errors.content?.message} testId="post-content-error" />
        </div>

        <PostImagesField pictures={pictures} />

        {signedIn && !userId && <p className="muted small">{t('posts.add.loadingUser')}</p>}

        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('posts.add.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={loading || (signedIn && !userId)}>
            {isSubmitting ? t('posts.add.submitting') : t('posts.add.submit')}
          </button>
        </div>
      </form>
      <ErrorModal messages={failure} onClose={() => setFailure([])} />
    </div>
  );
}
