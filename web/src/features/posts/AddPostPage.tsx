/**
 * Add Post (/post/create, clients): title, categories, budget (integer), location, description and up to
 * 5 JPEG/PNG images, each uploaded as soon as it is chosen (preview, remove). The fields are checked
 * with POST /post's own schema (createPostBody), the pictures with its types and count; nothing is sent
 * while a picture is still uploading. Success goes to /client-dashboard. Once a service and a town are chosen, the
 * price guide shows what most accepted offers for them cost, with "Use the median" for the budget.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import { LIMITS, POST_IMAGE_EXTENSIONS, POST_IMAGE_TYPES, POST_TITLE_MAX } from '../../../../common/constants';
import type { createPostBody } from '../../../../common/schemas/posts';
import { useAuth } from '../../auth/AuthProvider';
import { ErrorModal } from '../../components/ErrorModal';
import { ImageIcon } from '../../components/icons';
import { TownSelect } from '../../components/TownSelect';
import { useErrorText } from '../../i18n/errors';
import { useFormat } from '../../i18n/format';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import { LoadError } from '../../components/LoadError';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { uploadImage, UploadError } from '../../lib/upload';
import { PriceGuide } from '../../entities/price-guide';
import { useCreatePost } from '../../entities/posts/api/create-post';

/** The fields of POST /post a client types (the user and the pictures are added on sending). */
const POST_FIELDS = { title: true, category: true, location: true, budget: true, content: true } as const;
type PostFields = Pick<z.output<ReturnType<typeof createPostBody>>, keyof typeof POST_FIELDS>;

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

const IMAGE_ACCEPT = [...POST_IMAGE_EXTENSIONS, ...POST_IMAGE_TYPES].join(',');

/** A picture a post may have: by its type ('image/jpg' is JPEG), or by its name when it has no type. */
export function isPostImage(file: File): boolean {
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if (type) return (POST_IMAGE_TYPES as readonly string[]).includes(type);
  const name = file.name.toLowerCase();
  return POST_IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
}

interface PickedImage {
  id: string;
  name: string;
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  key?: string;
  error?: string;
}

type ImageAlert = 'wrongType' | 'tooMany' | null;

let nextImageId = 0;

export default function AddPostPage() {
  usePageTitle('posts.add.title');
  const navigate = useNavigate();
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
}: {
  userId: string | undefined;
  signedIn: boolean;
  onSignIn: () => void;
  onCancel: () => void;
  onCreated: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { currencySymbol } = useFormat();
  const { categories, loading: categoriesLoading, error: categoriesError, retry: retryCategories } = useCategories();
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

  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageAlert, setImageAlert] = useState<ImageAlert>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const previews = useRef(new Set<string>());

  // Free the preview object URLs when leaving.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const updateImage = (id: string, patch: Partial<PickedImage>) =>
    setImages((list) => list.map((img) => (img.id === id ? { ...img, ...patch } : img)));

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // choosing the same file again still fires change
    if (files.length === 0) return;
    setImageAlert(null);
    const accepted = files.filter(isPostImage);
    if (accepted.length < files.length) setImageAlert('wrongType');
    if (images.length + accepted.length > LIMITS.maxPostImages) {
      setImageAlert('tooMany');
      return;
    }
    for (const file of accepted) {
      const id = `img-${++nextImageId}`;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      setImages((list) => [...list, { id, name: file.name, preview, status: 'uploading' }]);
      uploadImage(file).then(
        ({ key }) => updateImage(id, { status: 'done', key }),
        (err: unknown) => {
          const reason = err instanceof UploadError ? t('errors.IMAGE_REFUSED') : errorText(err);
          updateImage(id, { status: 'failed', error: t('posts.add.images.uploadFailed', { name: file.name, reason }) });
        },
      );
    }
  };

  const removeImage = (img: PickedImage) => {
    URL.revokeObjectURL(img.preview);
    previews.current.delete(img.preview);
    setImages((list) => list.filter((i) => i.id !== img.id));
    // The alerts were about the images chosen before; after a removal they no longer hold.
    setImageAlert(null);
  };

  const uploading = images.some((i) => i.status === 'uploading');
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
      });
      form.reset();
      setImages([]);
      onCreated();
    } catch (err) {
      if (applyApiErrors(err, form.setError, FIELDS)) return;
      setFailure([t('posts.add.failed', { reason: errorText(err) })]);
    }
  });

  const failed = images.filter((i) => i.status === 'failed');
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

        <div className="field">
          <span className="field-label" id="post-categories-label">
            {t('posts.add.field.categories')}
          </span>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) =>
              categoriesLoading ? (
                // The chips' place while the services load: the fields below do not move when they arrive.
                <div
                  className="skeleton chip-row-skeleton"
                  role="status"
                  aria-label={t('posts.add.categoriesLoading')}
                />
              ) : categoriesError ? (
                <LoadError
                  message={t('posts.add.categoriesFailed')}
                  onRetry={() => void retryCategories()}
                  testId="post-categories-load-error"
                />
              ) : (
                <div
                  className="chip-row"
                  role="group"
                  aria-labelledby="post-categories-label"
                  style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
                >
                  {categories.map((c) => {
                    const on = field.value.includes(c._id);
                    return (
                      <button
                        key={c._id}
                        type="button"
                        className="chip chip-toggle"
                        aria-pressed={on}
                        onClick={() =>
                          field.onChange(on ? field.value.filter((x) => x !== c._id) : [...field.value, c._id])
                        }
                      >
                        {c.name}
                      </button>
                    );
                  })}
                </div>
              )
            }
          />
          <FieldError id="post-category-error" message={errors.category?.message} testId="post-category-error" />
        </div>

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

        <div className="field">
          <span className="field-label">{t('posts.add.field.images')}</span>
          <label className="dropzone" htmlFor="post-images">
            <ImageIcon width={28} height={28} />
            <span>{t('posts.add.images.pick', { max: LIMITS.maxPostImages })}</span>
          </label>
          <input
            id="post-images"
            className="visually-hidden"
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            aria-label={t('posts.add.field.images')}
            onChange={onFiles}
          />
          {imageAlert && (
            <div className="banner banner-warning" role="alert" style={{ marginTop: 12 }} data-testid="image-alert">
              {imageAlert === 'tooMany'
                ? t('posts.add.images.tooMany', { max: LIMITS.maxPostImages })
                : t('posts.add.images.wrongType')}
            </div>
          )}
          {failed.length > 0 && (
            <div className="banner banner-error" role="alert" style={{ marginTop: 12 }}>
              {failed.map((f) => (
                <div key={f.id}>{f.error}</div>
              ))}
            </div>
          )}
          {images.length > 0 && (
            <div className="image-previews" data-testid="image-previews">
              {images.map((img) => (
                <div
                  key={img.id}
                  className={`image-preview${img.status === 'failed' ? ' failed' : ''}`}
                  data-status={img.status}
                >
                  <img src={img.preview} alt={img.name} />
                  <button
                    type="button"
                    className="remove"
                    aria-label={t('posts.add.images.remove', { name: img.name })}
                    onClick={() => removeImage(img)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                  {img.status !== 'done' && (
                    <span className="status">
                      {img.status === 'uploading' ? t('posts.add.images.uploading') : t('posts.add.images.failed')}
                    </span>
                  )}
                </div>
              ))}
            </div>
          )}
        </div>

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
