/** The owner's confirmations on a request's page (/post/view/{id}): deleting it, and closing it. */
import { Modal } from '../../components/Modal';
import { useT } from '../../i18n/useT';

interface ConfirmProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeletePostDialog({ open, deleting, onCancel, onConfirm }: ConfirmProps & { deleting: boolean }) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={t('postView.deleteDialog.title')}
      onClose={() => !deleting && onCancel()}
      testId="delete-post-dialog"
    >
      <p>{t('postView.deleteDialog.body')}</p>
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={deleting}>
          {t('postView.deleteDialog.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={onConfirm}
          disabled={deleting}
          data-testid="post-delete-confirm"
        >
          {deleting ? t('postView.deleteDialog.deleting') : t('postView.deleteDialog.confirm')}
        </button>
      </div>
    </Modal>
  );
}

export function ClosePostDialog({ open, closing, onCancel, onConfirm }: ConfirmProps & { closing: boolean }) {
  const t = useT();
  return (
    <Modal open={open} title={t('trust.close.title')} onClose={() => !closing && onCancel()} testId="close-post-dialog">
      <p>{t('trust.close.body')}</p>
      <div className="form-actions fx-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={closing}>
          {t('trust.close.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={onConfirm}
          disabled={closing}
          data-testid="post-close-confirm"
        >
          {closing ? t('trust.close.closing') : t('trust.close.confirm')}
        </button>
      </div>
    </Modal>
  );
}
