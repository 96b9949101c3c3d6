/**
 * Add Post (/post/create, clients): title, categories, budget (integer), location, description and up to
 * 5 JPEG/PNG images, each uploaded as soon as it is chosen (preview, remove). Create Post needs a title,
 * a location, the user's record id and nothing in flight. Success goes to /client-dashboard.
 */
import { POST_TITLE_MAX } from '../../../../common/schemas/posts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../../common/constants';
import { useAuth } from '../../auth/AuthProvider';
import { ErrorModal, errorMessage } from '../../components/ErrorModal';
import { ImageIcon } from '../../components/icons';
import { useCategories } from '../../lib/categories';
import { uploadImage } from '../../lib/upload';
import { useCreatePost } from './api/create-post';
import { TownSelect } from '../../components/TownSelect';

const POST_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const POST_IMAGE_EXTENSIONS = /\.(jpe?g|png)$/i;

interface PickedImage {
  id: string;
  name: string;
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  key?: string;
  error?: string;
}

let nextImageId = 0;

export default function AddPostPage() {
  const navigate = useNavigate();
  const { status, account, reloadAccount } = useAuth();
  const { categories } = useCategories();
  const createPost = useCreatePost();

  const [title, setTitle] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [budget, setBudget] = useState('');
  const [location, setLocation] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageAlert, setImageAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());

  const userId = account?.id;

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

  // Free the preview object URLs when leaving.
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const updateImage = (id: string, patch: Partial<PickedImage>) =>
    setImages((list) => list.map((img) => (img.id === id ? { ...img, ...patch } : img)));

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // choosing the same file again still fires change
    if (files.length === 0) return;
    setImageAlert(null);
    const accepted = files.filter(
      (f) => POST_IMAGE_TYPES.includes(f.type) || (!f.type && POST_IMAGE_EXTENSIONS.test(f.name)),
    );
    if (accepted.length < files.length) setImageAlert('Only JPEG, JPG and PNG images are allowed.');
    if (images.length + accepted.length > LIMITS.maxPostImages) {
      setImageAlert('Maximum 5 images allowed.');
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
          updateImage(id, { status: 'failed', error: errorMessage(err, 'Upload failed') });
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
  const loading = submitting || uploading;
  const canSubmit = !!title.trim() && !!location && !!userId && !loading;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (status !== 'signedIn') {
      navigate('/login');
      return;
    }
    if (!userId) {
      setErrors(['Please wait while we load your user information']);
      return;
    }
    if (!canSubmit) return;
    const budgetValue = Number.parseInt(budget, 10);
    setSubmitting(true);
    try {
      await createPost.mutateAsync({
        userId,
        title: title.trim(),
        category: picked,
        location,
        ...(Number.isNaN(budgetValue) ? {} : { budget: budgetValue }),
        content: content.trim(),
        images: images.filter((i) => i.status === 'done' && i.key).map((i) => i.key!),
      });
      setTitle('');
      setPicked([]);
      setBudget('');
      setLocation('');
      setContent('');
      setImages([]);
      navigate('/client-dashboard');
    } catch (err) {
      setErrors([errorMessage(err, 'Failed to create the post.')]);
    } finally {
      setSubmitting(false);
    }
  };

  const failed = images.filter((i) => i.status === 'failed');

  return (
    <div className="page page-narrow" data-testid="add-post-page">
      <div className="page-header">
        <h1>Add Post</h1>
      </div>
      <form className="card card-body" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="post-title">Title</label>
          <input
            id="post-title"
            name="title"
            className="input"
            value={title}
            maxLength={POST_TITLE_MAX}
            placeholder="e.g. Living room makeover"
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>

        <div className="field">
          <span className="field-label" id="post-categories-label">
            Categories
          </span>
          <div
            className="chip-row"
            role="group"
            aria-labelledby="post-categories-label"
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
          >
            {categories.map((c) => (
              <button
                key={c._id}
                type="button"
                className="chip chip-toggle"
                aria-pressed={picked.includes(c._id)}
                onClick={() => setPicked((p) => (p.includes(c._id) ? p.filter((x) => x !== c._id) : [...p, c._id]))}
              >
                {c.name}
              </button>
            ))}
          </div>
        </div>

        <div className="form-row">
          <div className="field">
            <label htmlFor="post-budget">Budget (€)</label>
            <input
              id="post-budget"
              name="budget"
              className="input"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={budget}
              placeholder="e.g. 1500"
              onChange={(e) => setBudget(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="post-location">Location</label>
            <TownSelect id="post-location" name="location" value={location} onChange={setLocation} />
          </div>
        </div>

        <div className="field">
          <label htmlFor="post-description">Description</label>
          <textarea
            id="post-description"
            name="content"
            className="textarea"
            value={content}
            maxLength={5000}
            placeholder="Describe the work: rooms, sizes, materials, timing..."
            onChange={(e) => setContent(e.target.value)}
          />
        </div>

        <div className="field">
          <span className="field-label">Images</span>
          <label className="dropzone" htmlFor="post-images">
            <ImageIcon width={28} height={28} />
            <span>Click to add photos (JPEG or PNG, at most {LIMITS.maxPostImages})</span>
          </label>
          <input
            id="post-images"
            ref={fileInput}
            className="visually-hidden"
            type="file"
            multiple
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            aria-label="Images"
            onChange={onFiles}
          />
          {imageAlert && (
            <div className="banner banner-warning" role="alert" style={{ marginTop: 12 }}>
              {imageAlert}
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
                    aria-label={`Remove ${img.name}`}
                    onClick={() => removeImage(img)}
                  >
                    ×
                  </button>
                  {img.status !== 'done' && (
                    <span className="status">{img.status === 'uploading' ? 'Uploading...' : 'Failed'}</span>
                  )}
                </div>
              ))}
            </div>
          )}
        </div>

        {status === 'signedIn' && !userId && <p className="muted small">Loading your user information...</p>}

        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(-1)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
            {submitting ? 'Creating...' : 'Create Post'}
          </button>
        </div>
      </form>
      <ErrorModal messages={errors} onClose={() => setErrors([])} />
    </div>
  );
}
