/**
 * One message of the conversation: the sender (when not the viewer), the text or why moderation hid it, Report and
 * the time.
 */
import type { ChatMessage } from '../../../../common/chat';
import { useT } from '../../i18n/useT';
import { ReportButton } from '../../entities/reports';
import { MessageText } from './MessageText';
import { clock } from './counterpart';

export function MessageBubble({ m, mySub, roomId }: { m: ChatMessage; mySub: string; roomId: string }) {
  const t = useT();
  const own = m.senderId === mySub;
  return (
    <div
      className={own ? 'chat-msg chat-msg--own' : 'chat-msg'}
      data-testid={own ? 'chat-message-own' : 'chat-message-other'}
    >
      {!own && <span className="chat-msg-sender">{m.sender}</span>}
      {m.hidden ? (
        <p className="chat-msg-hidden" data-testid="chat-message-hidden">
          <strong>{t('reports.hidden.notice', { reason: m.hidden.reason })}</strong>{' '}
          <span className="chat-msg-hidden-detail">{t('chat.hiddenDetail')}</span>
        </p>
      ) : (
        <MessageText text={m.text} />
      )}
      <span className="chat-msg-meta">
        {!own && (
          <ReportButton
            target={{ kind: 'chatMessage', roomId, messageId: m.id }}
            className="chat-msg-report"
            doneClassName="chat-msg-reported"
            testId="chat-report"
          />
        )}
        <time className="chat-msg-time" dateTime={new Date(m.timestamp).toISOString()}>
          {clock(m.timestamp)}
        </time>
      </span>
    </div>
  );
}
