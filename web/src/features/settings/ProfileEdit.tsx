/**
 * Profile edit screens of the settings: the client's (Full Name, town, photo) and the business's
 * (name, description, town, categories, photo). Photos must be at least 190 x 190 px; removing the
 * photo resets it to the placeholder. Cancel or a successful save returns to the profile.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useCategories } from '../../lib/categories';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { uploadImage } from '../../lib/upload';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import type { Business, ClientUser } from '../../../../common/types';
import { useAuth } from '../../auth/AuthProvider';
import { Banner, useTimedMessage } from '../profiles/ui';
import { TownSelect } from '../../components/TownSelect';
import { SafeImage } from '../../components/SafeImage';

/** The photo being edited: unchanged, a newly uploaded key, or removed. */
type PhotoState = { kind: 'unchanged'; url?: string } | { kind: 'new'; key: string; url: string } | { kind: 'removed' };

function imageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { resolve({ width: img.naturalWidth, height: img.naturalHeight }); URL.revokeObjectURL(url); };
    img.onerror = () => { reject(new Error('Not an image')); URL.revokeObjectURL(url); };
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
    } catch (err) {
      console.error('Failed to upload image', err);
      showBanner('Failed to upload image');
    } finally {
      setUploading(false);
    }
  }

  const shownUrl = photo.kind === 'removed' ? undefined : photo.url;
  /** The body field: a new key, '' to remove, or nothing when unchanged. */
  const field = photo.kind === 'new' ? { profilePicture: photo.key } : photo.kind === 'removed' ? { profilePicture: '' } : {};
  return { photo, setPhoto, uploading, banner, choose, shownUrl, field };
}

function PhotoPicker({ url, uploading, onChoose, onRemove }: {
  url?: string; uploading: boolean; onChoose: (e: ChangeEvent<HTMLInputElement>) => void; onRemove: () => void;
}) {
  return (
    <div className="st-photo">
      <SafeImage src={url} fallback={AVATAR_PLACEHOLDER} alt="Profile picture" className="st-photo-img" width={96} height={96} sizes="96px" />
      <div className="st-photo-actions">
        <label className="btn btn-secondary st-file">
          <input type="file" accept="image/*" onChange={onChoose} disabled={uploading} data-testid="profile-photo-input" />
          {uploading ? 'Uploading...' : 'Change photo'}
        </label>
        {url && <button type="button" className="btn-link link-danger" onClick={onRemove} disabled={uploading}>Remove photo</button>}
        <span className="field-hint">At least 190 x 190 px.</span>
      </div>
    </div>
  );
}

function EditShell({ title, children, error, banner, loadError }: {
  title: string; children: ReactNode; error: string | null; banner: string | null; loadError: string | null;
}) {
  return (
    <div className="st-panel">
      <div className="st-hero" aria-hidden="true" />
      <h2>{title}</h2>
      <Banner text={banner} kind="error" testId="photo-banner" />
      {loadError && <div className="banner banner-error" role="alert">{loadError}</div>}
      {error && <div className="banner banner-error" role="alert" data-testid="profile-save-error">{error}</div>}
      {children}
    </div>
  );
}

function NotYours() {
  return <p className="empty-state">You can only edit your own profile.</p>;
}

/**
 * Saving an edited profile: PUT it, reload the signed-in account (name and picture in the frame), then
 * back to the profile; on failure the server's message or 'Failed to update profile', and the form stays.
 */
function useProfileSave() {
  const me = useAuth();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(path: string, body: Record<string, unknown>, profilePage: string) {
    setSaving(true); setError(null);
    try {
      await api.put(path, body);
      await me.reloadAccount();
      navigate(profilePage);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Failed to update profile');
      setSaving(false);
    }
  }
  return { saving, error, save };
}

export function ClientProfileEdit({ id }: { id: string }) {
  const me = useAuth();
  const navigate = useNavigate();
  const photo = usePhoto();
  const [username, setUsername] = useState('');
  const [location, setLocation] = useState('');
  const [email, setEmail] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const saver = useProfileSave();
  const { saving, error } = saver;
  const { setPhoto } = photo;

  useEffect(() => {
    let live = true;
    api.get<ClientUser>(`/user/${encodeURIComponent(id)}`)
      .then((u) => {
        if (!live) return;
        setUsername(u.username ?? ''); setLocation(u.location ?? ''); setEmail(u.email ?? '');
        setPhoto({ kind: 'unchanged', url: u.profilePicture });
        setLoaded(true);
      })
      .catch(() => live && setLoadError('Failed to load profile data'));
    return () => { live = false; };
  }, [id, setPhoto]);

  if (me.account && me.account.id !== id) return <NotYours />;

  function save(e: FormEvent) {
    e.preventDefault();
    void saver.save(`/user/${encodeURIComponent(id)}`, { username: username.trim(), email, location, ...photo.field }, `/clientprofile/${id}`);
  }

  return (
    <EditShell title="Edit Profile" error={error} banner={photo.banner} loadError={loadError}>
      <form onSubmit={save} className="st-form" aria-label="Edit profile">
        <PhotoPicker url={photo.shownUrl} uploading={photo.uploading} onChoose={photo.choose} onRemove={() => photo.setPhoto({ kind: 'removed' })} />
        <div className="field">
          <label htmlFor="st-username">Full Name</label>
          <input id="st-username" className="input" required value={username} onChange={(e) => setUsername(e.target.value)} data-testid="profile-fullname" />
        </div>
        <div className="field">
          <label htmlFor="st-location">Location</label>
          <TownSelect id="st-location" className="select input" value={location} onChange={setLocation} data-testid="profile-location" />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(`/clientprofile/${id}`)}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={saving || photo.uploading || !loaded || !username.trim()} data-testid="profile-save">
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
  const { categories, loading: categoriesLoading } = useCategories();
  const [form, setForm] = useState({ businessName: '', description: '', location: '', email: '' });
  const [selected, setSelected] = useState<string[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const saver = useProfileSave();
  const { saving, error } = saver;
  const { setPhoto } = photo;

  // Categories first, then the profile (the spec's order), so the selection shows known names.
  useEffect(() => {
    if (categoriesLoading) return;
    let live = true;
    api.get<Business>(`/business/${encodeURIComponent(id)}`)
      .then((b) => {
        if (!live) return;
        setForm({ businessName: b.businessName ?? '', description: b.description ?? '', location: b.location ?? '', email: b.email ?? '' });
        setSelected(b.categories ?? []);
        setPhoto({ kind: 'unchanged', url: b.profilePicture });
        setLoaded(true);
      })
      .catch(() => live && setLoadError('Failed to load profile data'));
    return () => { live = false; };
  }, [id, categoriesLoading, setPhoto]);

  if (me.account && me.account.id !== id) return <NotYours />;

  const toggle = (catId: string) =>
    setSelected((list) => (list.includes(catId) ? list.filter((c) => c !== catId) : [...list, catId]));

  function save(e: FormEvent) {
    e.preventDefault();
    void saver.save(`/business/${encodeURIComponent(id)}`, {
      businessName: form.businessName.trim(),
      email: form.email,
      description: form.description.trim(),
      location: form.location,
      categories: selected,
      ...photo.field,
    }, `/businessprofile/${id}`);
  }

  return (
    <EditShell title="Edit Business Profile" error={error} banner={photo.banner} loadError={loadError}>
      <form onSubmit={save} className="st-form" aria-label="Edit business profile">
        <PhotoPicker url={photo.shownUrl} uploading={photo.uploading} onChoose={photo.choose} onRemove={() => photo.setPhoto({ kind: 'removed' })} />
        <div className="field">
          <label htmlFor="st-bname">Business Name</label>
          <input id="st-bname" className="input" required value={form.businessName} onChange={(e) => setForm({ ...form, businessName: e.target.value })} data-testid="profile-business-name" />
        </div>
        <div className="field">
          <label htmlFor="st-desc">Description</label>
          <textarea id="st-desc" className="textarea" rows={5} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} data-testid="profile-description" />
        </div>
        <div className="field">
          <label htmlFor="st-blocation">Location</label>
          <TownSelect id="st-blocation" className="select input" required value={form.location} onChange={(town) => setForm({ ...form, location: town })} data-testid="profile-location" />
        </div>
        <fieldset className="field st-fieldset">
          <legend className="field-label">Categories</legend>
          <div className="st-chips">
            {categories.map((c) => (
              <button key={c._id} type="button" className="chip chip-toggle" aria-pressed={selected.includes(c._id)} onClick={() => toggle(c._id)}>
                {c.name}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(`/businessprofile/${id}`)}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={saving || photo.uploading || !loaded || !form.businessName.trim() || !form.location} data-testid="profile-save">
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </EditShell>
  );
}
