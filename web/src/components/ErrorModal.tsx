import { useT } from '../i18n/useT';
import { Modal } from './Modal';

/** The 'Error' dialog: a list of messages and a Close button. Hidden when there are no messages. */
export function ErrorModal({ messages, onClose }: { messages: readonly string[]; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={messages.length > 0}
      title={t('common.error')}
      onClose={onClose}
      testId="error-modal"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <ul className="error-list">
        {messages.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </Modal>
  );
}
