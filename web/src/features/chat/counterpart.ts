/** What the chat's list and conversation say about a room: the other member, the connection, the time of a message. */
import { type Translate } from '../../i18n/useT';
import type { ChatRoom } from '../../../../common/types';
import type { ChatConnection } from './realtime';

/** The realtime connection as the screens see it. */
export type Conn = { state: 'connecting' } | { state: 'ready'; conn: ChatConnection } | { state: 'unavailable' };

export interface Counterpart {
  name: string;
  picture?: string;
  location?: string;
  profilePath: string;
  /** The other member deleted their account: a former user, no profile, no more messages. */
  former?: boolean;
}

export function counterpartOf(room: ChatRoom, viewerIsBusiness: boolean, t: Translate): Counterpart {
  const former = viewerIsBusiness ? room.user?.former : room.business?.former;
  if (former) return { name: t('common.former.user'), profilePath: '', former: true };
  return viewerIsBusiness
    ? {
        name: room.user?.username || t('chat.client'),
        picture: room.user?.profilePicture,
        profilePath: `/clientprofile/${room.clientId}`,
      }
    : {
        name: room.business?.businessName || t('chat.unknownBusiness'),
        picture: room.business?.profilePicture,
        location: room.business?.location,
        profilePath: `/businessprofile/${room.businessId}`,
      };
}

/** "14:05": the 24-hour clock both languages use. */
export const clock = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
