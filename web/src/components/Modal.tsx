/**
 * Modal dialog on the native <dialog> (showModal): the browser keeps focus inside and makes the page
 * behind inert, Escape closes it, focus returns to the element that opened it, and a click on the
 * backdrop closes it. The title names the dialog.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
}

export function Modal({ open, title, onClose, children, footer, wide, testId }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    // Escape: the parent decides (it may refuse while saving).
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    // A press on the backdrop lands on the <dialog> itself (its content fills the box).
    const onBackdrop = (e: MouseEvent) => {
      if (e.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('mousedown', onBackdrop);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('mousedown', onBackdrop);
      if (dialog.open) dialog.close?.();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog ref={ref} className={`modal${wide ? ' modal-wide' : ''}`} aria-labelledby={titleId} data-testid={testId}>
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-btn" aria-label={t('common.closeDialog')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </dialog>
  );
}
