/**
 * The pictures of a new post: each is checked (type, count) and uploaded as soon as it is chosen, shown with its
 * preview, and removable; the previews' object URLs are freed when the form goes.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { LIMITS, POST_IMAGE_EXTENSIONS, POST_IMAGE_TYPES } from '../../../../common/constants';
import { ImageIcon } from '../../components/icons';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { uploadImage, UploadError } from '../../lib/upload';

const IMAGE_ACCEPT = [...POST_IMAGE_EXTENSIONS, ...POST_IMAGE_TYPES].join(',');

/** A picture a post may have: by its type ('image/jpg' is JPEG), or by its name when it has no type. */
export function isPostImage(file: File): boolean {
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if (type) return (POST_IMAGE_TYPES as readonly string[]).includes(type);
  const name = file.name.toLowerCase();
  return POST_IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
}

export interface PickedImage {
  id: string;
  name: string;
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  key?: string;
  error?: string;
}

type ImageAlert = 'wrongType' | 'tooMany' | null;

let nextImageId = 0;

export function usePostImages() {
  const t = useT();
  const errorText = useErrorText();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageAlert, setImageAlert] = useState<ImageAlert>(null);
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
  const failed = images.filter((i) => i.status === 'failed');
  const clear = () => setImages([]);
  return { images, imageAlert, onFiles, removeImage, uploading, failed, clear };
}

/** The pictures field: the drop zone, the alerts and the previews. */
export function PostImagesField({ pictures }: { pictures: ReturnType<typeof usePostImages> }) {
  const t = useT();
  const { images, imageAlert, onFiles, removeImage, failed } = pictures;
  return (
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
  );
}
