/**
 * The profile photo being edited, for both profile forms: the chosen file is checked (at least 190 x 190 px, an
 * accepted type and size) and uploaded; removing it resets the profile to the placeholder on save.
 */
import { useState, type ChangeEvent } from 'react';
import { AVATAR_PLACEHOLDER } from '../../lib/images';
import { uploadImage } from '../../lib/upload';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import { useTimedMessage } from '../../components/feedback';
import { SafeImage } from '../../components/SafeImage';
import { useT } from '../../i18n/useT';

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

export function usePhoto(initialUrl: string | undefined) {
  const t = useT();
  const [photo, setPhoto] = useState<PhotoState>({ kind: 'unchanged', url: initialUrl });
  const [uploading, setUploading] = useState(false);
  const [banner, showBanner] = useTimedMessage(3000);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const { width, height } = await imageSize(file);
      if (width < LIMITS.profileImageMinPx || height < LIMITS.profileImageMinPx) {
        showBanner(t('settings.photo.tooSmall'));
        return;
      }
    } catch {
      showBanner(t('settings.photo.tooSmall'));
      return;
    }
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) || file.size > LIMITS.maxImageBytes) {
      showBanner(t('settings.photo.failed'));
      return;
    }
    setUploading(true);
    try {
      const { key, url } = await uploadImage(file);
      setPhoto({ kind: 'new', key, url });
    } catch {
      showBanner(t('settings.photo.failed'));
    } finally {
      setUploading(false);
    }
  }

  const shownUrl = photo.kind === 'removed' ? undefined : photo.url;
  /** The body field: a new key, '' to remove, or nothing when unchanged. */
  const field =
    photo.kind === 'new' ? { profilePicture: photo.key } : photo.kind === 'removed' ? { profilePicture: '' } : {};
  return { uploading, banner, choose, shownUrl, field, remove: () => setPhoto({ kind: 'removed' }) };
}

export function PhotoPicker({ photo }: { photo: ReturnType<typeof usePhoto> }) {
  const t = useT();
  return (
    <div className="st-photo">
      <SafeImage
        src={photo.shownUrl}
        fallback={AVATAR_PLACEHOLDER}
        alt={t('settings.photo.current')}
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
            onChange={photo.choose}
            disabled={photo.uploading}
            data-testid="profile-photo-input"
          />
          {photo.uploading ? t('settings.photo.uploading') : t('settings.photo.change')}
        </label>
        {photo.shownUrl && (
          <button type="button" className="btn-link link-danger" onClick={photo.remove} disabled={photo.uploading}>
            {t('settings.photo.remove')}
          </button>
        )}
        <span className="field-hint">{t('settings.photo.hint', { px: LIMITS.profileImageMinPx })}</span>
      </div>
    </div>
  );
}
