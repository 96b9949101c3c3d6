/**
 * 'Add Catalogue' (owner of a business profile): choose several images (each of a type and size the
 * upload API takes, and no more than the business's plan lets its showroom hold: common/plans.ts), upload each, then append their keys
 * to the showroom with PUT /business/{id}.
 */
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { UploadError, uploadImage } from '../../lib/upload';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import { limitOf } from '../../../../common/plans';
import type { Business } from '../../../../common/types';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { Modal } from '../../components/Modal';
import { useUpdateBusiness } from '../../entities/businesses/api/update-business';

export function AddCatalogueDialog({
  open,
  business,
  onClose,
  onSaved,
}: {
  open: boolean;
  business: Business;
  onClose: () => void;
  onSaved: (showroom: string[]) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const updateBusiness = useUpdateBusiness();
  const preview = useMemo(() => (files[0] ? URL.createObjectURL(files[0]) : undefined), [files]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  // Closed, the dialog forgets what was chosen.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setFiles([]);
      setError(null);
    }
  }

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    // The portfolio holds as many pictures as the business's plan allows (common/plans.ts; the server checks it too).
    const max = limitOf(business.plan, 'portfolioPictures') ?? Infinity;
    const room = Math.max(0, max - (business.showroom?.length ?? 0) - files.length);
    const valid = chosen
      .filter((f) => (UPLOAD_CONTENT_TYPES as readonly string[]).includes(f.type) && f.size <= LIMITS.maxImageBytes)
      .slice(0, room);
    setError(
      valid.length < chosen.length ? t('profiles.catalogue.refused', { max, full: room === 0 ? 'yes' : 'no' }) : null,
    );
    setFiles((prev) => [...prev, ...valid]);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!business._id) {
      setError(t('profiles.catalogue.noBusiness'));
      return;
    }
    if (files.length === 0) return;
    setWorking(true);
    setError(null);
    try {
      const keys: string[] = [];
      for (const file of files) keys.push((await uploadImage(file)).key);
      const showroom = [...(business.showroom ?? []), ...keys];
      const updated = await updateBusiness.mutateAsync({ businessId: business._id, changes: { showroom } });
      onSaved(updated?.showroom ?? showroom);
    } catch (err) {
      setError(err instanceof UploadError ? t('profiles.catalogue.uploadFailed') : errorText(err));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('profiles.catalogue.title')}
      onClose={() => !working && onClose()}
      testId="catalogue-dialog"
    >
      <form onSubmit={submit} className="pf-catalogue-form">
        <label className="btn btn-secondary pf-file">
          <input
            type="file"
            accept="image/*"
            multiple
            onChange={choose}
            disabled={working}
            data-testid="catalogue-files"
          />
          <span>{t('profiles.catalogue.choose')}</span>
        </label>
        {preview && (
          <div className="pf-catalogue-preview">
            <img src={preview} alt={t('profiles.catalogue.preview')} />
            <p>{t('profiles.catalogue.selected', { count: files.length })}</p>
            <button type="button" className="btn-link link-danger" onClick={() => setFiles([])} disabled={working}>
              {t('profiles.catalogue.removeAll')}
            </button>
          </div>
        )}
        {error && (
          <p className="field-error fx-error" role="alert" data-testid="catalogue-error">
            {error}
          </p>
        )}
        <div className="form-actions fx-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={files.length === 0 || working}
            data-testid="catalogue-submit"
          >
            {working ? t('profiles.catalogue.working') : t('profiles.catalogue.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
