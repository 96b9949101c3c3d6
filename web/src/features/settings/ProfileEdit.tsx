/**
 * Profile edit screens of the settings: the client's (Full Name, town, photo) and the business's
 * (name, description, town, categories, photo). Photos must be at least 190 x 190 px; removing the
 * photo resets it to the placeholder. Cancel or a successful save returns to the profile.
 */
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCategories } from '../../lib/categories';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { uploadImage } from '../../lib/upload';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import type { Business, ClientUser } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../../components/feedback';
import { LoadError } from '../../components/LoadError';
import { TownSelect } from '../../components/TownSelect';
import { errorMessage } from '../../lib/format';
import { useBusiness } from '../profiles/api/get-business';
import { useUpdateBusiness } from '../profiles/api/update-business';
import { useUpdateUser } from '../profiles/api/update-user';
import { useUser } from '../profiles/api/get-user';
import { SafeImage } from '../../components/SafeImage';

/** The photo being edited: unchanged, a newly uploaded key, or removed. */
type PhotoState = { kind: 'unchanged'; url?: string } | { kind: 'new'; key: string; url: string } | { kind: 'removed' };

function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error('Not an image'));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

function usePhoto() {
  const [photo, setPhoto] = useState<PhotoState>({ kind: 'unchanged' });
  const [uploading, setUploading] = useState(false);
  const [banner, showBanner] = useTimedMessage(3000);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const { width, height } = await imageSize(file);
      if (width < LIMITS.profileImageMinPx || height < LIMITS.profileImageMinPx) {
        showBanner('Image is too small, try another one.');
        return;
      }
    } catch {
      showBanner('Image is too small, try another one.');
      return;
    }
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) || file.size > LIMITS.maxImageBytes) {
      showBanner('Failed to upload image');
      return;
    }
    setUploading(true);
    try {
      const { key, url } = await uploadImage(file);
      setPhoto({ kind: 'new', key, url });
    } catch {
      showBanner('Failed to upload image');
    } finally {
      setUploading(false);
    }
  }

  const shownUrl = photo.kind === 'removed' ? undefined : photo.url;
  /** The body field: a new key, '' to remove, or nothing when unchanged. */
  const field =
    photo.kind === 'new' ? { profilePicture: photo.key } : photo.kind === 'removed' ? { profilePicture: '' } : {};
  return { photo, setPhoto, uploading, banner, choose, shownUrl, field };
}

function PhotoPicker({
  url,
  uploading,
  onChoose,
  onRemove,
}: {
  url?: string;
  uploading: boolean;
  onChoose: (e: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  return (
    <div className="st-photo">
      <SafeImage
        src={url}
        fallback={AVATAR_PLACEHOLDER}
        alt="Current avatar"
        className="st-photo-img"
        width={96}
        height={96}
        sizes="96px"
      />
      <div className="st-photo-actions">
        <label className="btn btn-secondary st-file">
          <input
            type="file"
            accept="image/*"
            onChange={onChoose}
            disabled={uploading}
            data-testid="profile-photo-input"
          />
          {uploading ? 'Uploading...' : 'Change photo'}
        </label>
        {url && (
          <button type="button" className="btn-link link-danger" onClick={onRemove} disabled={uploading}>
            Remove photo
          </button>
        )}
        <span className="field-hint">At least 190 x 190 px.</span>
      </div>
    </div>
  );
}

function EditShell({
  title,
  children,
  error,
  banner,
  loadError,
  onRetry,
}: {
  title: string;
  children: ReactNode;
  error: string | null;
  banner: string | null;
  loadError: unknown;
  onRetry: () => void;
}) {
  return (
    <div className="st-panel">
      <div className="st-hero" aria-hidden="true" />
      <h2>{title}</h2>
      <Banner text={banner} kind="error" testId="photo-banner" />
      {!!loadError && <LoadError message="Failed to load profile data" onRetry={onRetry} />}
      {error && (
        <div className="banner banner-error" role="alert" data-testid="profile-save-error">
          {error}
        </div>
      )}
      {children}
    </div>
  );
}

function NotYours() {
  return <p className="empty-state">You can only edit your own profile.</p>;
}

/**
 * Saving an edited profile: the update (which also reloads the signed-in account: name and picture in
 * the frame), then back to the profile; on failure the server's message or 'Failed to update profile',
 * and the form stays.
 */
function useProfileSave() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  async function save(update: () => Promise<unknown>, profilePage: string) {
    setError(null);
    try {
      await update();
      navigate(profilePage);
    } catch (err) {
      setError(errorMessage(err, 'Failed to update profile'));
    }
  }
  return { error, save };
}

export function ClientProfileEdit({ id }: { id: string }) {
  const me = useAuth();
  const navigate = useNavigate();
  const photo = usePhoto();
  const [username, setUsername] = useState('');
  const [location, setLocation] = useState('');
  const userQuery = useUser(id);
  const updateUser = useUpdateUser();
  const saver = useProfileSave();
  const saving = updateUser.isPending;
  const { error } = saver;

  // The form starts from the record once it has loaded (later refetches do not overwrite edits).
  const [loadedFrom, setLoadedFrom] = useState<ClientUser>();
  const loaded = !!loadedFrom;
  if (userQuery.data && !loadedFrom) {
    const u = userQuery.data;
    setLoadedFrom(u);
    setUsername(u.username ?? '');
    setLocation(u.location ?? '');
    photo.setPhoto({ kind: 'unchanged', url: u.profilePicture });
  }

  if (me.account && me.account.id !== id) return <NotYours />;

  function save(e: FormEvent) {
    e.preventDefault();
    void saver.save(
      () => updateUser.mutateAsync({ userId: id, changes: { username: username.trim(), location, ...photo.field } }),
      `/clientprofile/${id}`,
    );
  }

  return (
    <EditShell
      title="Edit Profile"
      error={error}
      banner={photo.banner}
      loadError={userQuery.error}
      onRetry={() => void userQuery.refetch()}
    >
      <form onSubmit={save} className="st-form" aria-label="Edit profile">
        <PhotoPicker
          url={photo.shownUrl}
          uploading={photo.uploading}
          onChoose={photo.choose}
          onRemove={() => photo.setPhoto({ kind: 'removed' })}
        />
        <div className="field">
          <label htmlFor="st-username">Full Name</label>
          <input
            id="st-username"
            className="input"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            data-testid="profile-fullname"
          />
        </div>
        <div className="field">
          <label htmlFor="st-location">Location</label>
          <TownSelect
            id="st-location"
            className="select input"
            value={location}
            onChange={setLocation}
            data-testid="profile-location"
          />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(`/clientprofile/${id}`)}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={saving || photo.uploading || !loaded || !username.trim()}
            data-testid="profile-save"
          >
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </EditShell>
  );
}

export function BusinessProfileEdit({ id }: { id: string }) {
  const me = useAuth();
  const navigate = useNavigate();
  const photo = usePhoto();
  const { categories } = useCategories();
  const [form, setForm] = useState({ businessName: '', description: '', location: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const businessQuery = useBusiness(id);
  const updateBusiness = useUpdateBusiness();
  const saver = useProfileSave();
  const saving = updateBusiness.isPending;
  const { error } = saver;

  // The form starts from the record once it has loaded (later refetches do not overwrite edits).
  const [loadedFrom, setLoadedFrom] = useState<Business>();
  const loaded = !!loadedFrom;
  if (businessQuery.data && !loadedFrom) {
    const b = businessQuery.data;
    setLoadedFrom(b);
    setForm({ businessName: b.businessName ?? '', description: b.description ?? '', location: b.location ?? '' });
    setSelected(b.categories ?? []);
    photo.setPhoto({ kind: 'unchanged', url: b.profilePicture });
  }

  if (me.account && me.account.id !== id) return <NotYours />;

  const toggle = (catId: string) =>
    setSelected((list) => (list.includes(catId) ? list.filter((c) => c !== catId) : [...list, catId]));

  function save(e: FormEvent) {
    e.preventDefault();
    void saver.save(
      () =>
        updateBusiness.mutateAsync({
          businessId: id,
          changes: {
            businessName: form.businessName.trim(),
            description: form.description.trim(),
            location: form.location,
            categories: selected,
            ...photo.field,
          },
        }),
      `/businessprofile/${id}`,
    );
  }

  return (
    <EditShell
      title="Edit Business Profile"
      error={error}
      banner={photo.banner}
      loadError={businessQuery.error}
      onRetry={() => void businessQuery.refetch()}
    >
      <form onSubmit={save} className="st-form" aria-label="Edit business profile">
        <PhotoPicker
          url={photo.shownUrl}
          uploading={photo.uploading}
          onChoose={photo.choose}
          onRemove={() => photo.setPhoto({ kind: 'removed' })}
        />
        <div className="field">
          <label htmlFor="st-bname">Business Name</label>
          <input
            id="st-bname"
            className="input"
            required
            value={form.businessName}
            onChange={(e) => setForm({ ...form, businessName: e.target.value })}
            data-testid="profile-business-name"
          />
        </div>
        <div className="field">
          <label htmlFor="st-desc">Description</label>
          <textarea
            id="st-desc"
            className="textarea"
            rows={5}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
            data-testid="profile-description"
          />
        </div>
        <div className="field">
          <label htmlFor="st-blocation">Location</label>
          <TownSelect
            id="st-blocation"
            className="select input"
            required
            value={form.location}
            onChange={(town) => setForm({ ...form, location: town })}
            data-testid="profile-location"
          />
        </div>
        <fieldset className="field st-fieldset">
          <legend className="field-label">Categories</legend>
          <div className="st-chips">
            {categories.map((c) => (
              <button
                key={c._id}
                type="button"
                className="chip chip-toggle"
                aria-pressed={selected.includes(c._id)}
                onClick={() => toggle(c._id)}
              >
                {c.name}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(`/businessprofile/${id}`)}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={saving || photo.uploading || !loaded || !form.businessName.trim() || !form.location}
            data-testid="profile-save"
          >
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </EditShell>
  );
}
