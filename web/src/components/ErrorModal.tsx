import { Modal } from './Modal';

export { errorMessage } from '../lib/format';

/** The 'Error' dialog: a list of messages and a Close button. Hidden when there are no messages. */
export function ErrorModal({ messages, onClose }: { messages: readonly string[]; onClose: () => void }) {
  return (
    <Modal
      open={messages.length > 0}
      title="Error"
      onClose={onClose}
      testId="error-modal"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
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
