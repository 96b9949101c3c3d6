/**
 * The chat screen: the rooms list loads, fails with Retry or is empty (three states); the realtime
 * connection that cannot open says so with Retry; an open room shows its messages, is marked read,
 * and its member can report a message, block the other member and read why a message was refused.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../common/chat';
import type { ChatRoom, ClientUser } from '../../../../common/types';
import { renderPage } from '../../testing/render';
import { API, answer, server } from '../../testing/server';
import ChatPage from './ChatPage';
import { ChatUnreadBadge } from './UnreadBadge';
import type { ChatConnection } from './realtime';

vi.mock('../../auth/session', () => ({
  readSession: async () => ({ sub: 'sub-ana', email: 'ana@example.al', role: 'client' }),
  currentIdToken: async () => 'token',
  logOut: async () => {},
}));

/** The realtime database as the page sees it: each room's messages, delivered to every listener. */
const realtime = vi.hoisted(() => ({
  messages: new Map<string, ChatMessage[]>(),
  fail: false,
  /** How many times the page opened the connection. */
  connects: 0,
}));
vi.mock('./realtime', () => ({
  connectChat: async (): Promise<ChatConnection> => {
    realtime.connects++;
    if (realtime.fail) throw new Error('Chat is not available right now');
    return {
      uid: 'sub-ana',
      listen: (room, limit, onMessage) => {
        const all = realtime.messages.get(`${room.clientCognitoId}/${room.businessCognitoId}`) ?? [];
        all.slice(-limit).forEach(onMessage);
        return () => {};
      },
    };
  },
}));

const TOKEN_KEY = 'CognitoIdentityServiceProvider.testclient.ana.idToken';
const ana: ClientUser = {
  _id: 'u1',
  cognitoId: 'sub-ana',
  username: 'Ana',
  email: 'ana@example.al',
  createdAt: '2026-01-01T00:00:00Z',
  language: 'en',
};
const room = (id: string, name: string, extra: Partial<ChatRoom> = {}): ChatRoom => ({
  _id: id,
  roomId: id,
  businessId: `b-${id}`,
  clientId: 'u1',
  businessCognitoId: `sub-b-${id}`,
  clientCognitoId: 'sub-ana',
  lastMessage: `Hello from ${name}`,
  lastMessageTime: new Date(Date.now() - 3 * 60_000).toISOString(),
  user: { username: 'Ana' },
  business: { businessName: name, location: 'Tiranë' },
  createdAt: '2026-01-01T00:00:00Z',
  ...extra,
});
const message = (n: number, senderId: string, text: string): ChatMessage =>
  ({
    id: `m${n}`,
    text,
    senderId,
    sender: senderId === 'sub-ana' ? 'Ana' : 'Casa Bella',
    timestamp: 1_700_000_000_000 + n,
  }) as ChatMessage;

const show = (url = '/chat/u1') => renderPage(<ChatPage />, { path: '/chat/:id', url });

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored');
  answer('/account', { profile: ana });
  answer('/business/:id', { _id: 'b-r1', businessName: 'Casa Bella', postsCount: 4, finishedJobsCount: 2 });
  server.use(http.post(`${API}/chat/rooms/:roomId/read`, () => HttpResponse.json({ unread: 0 })));
  answer('/chat/unread', { total: 0 });
  realtime.messages.clear();
  realtime.fail = false;
  realtime.connects = 0;
});
afterEach(() => localStorage.clear());

describe('ChatPage', () => {
  it('shows loading, then each room with its last message and unread count', async () => {
    answer('/chat/getUserRooms', [room('r1', 'Casa Bella', { unread: 2 }), room('r2', 'Dru & Stil')]);
    show();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    const rooms = await screen.findAllByTestId('chat-room');
    expect(rooms.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Hello from Casa Bella'),
      expect.stringContaining('Hello from Dru & Stil'),
    ]);
    expect(within(rooms[0]).getByTestId('chat-room-unread').getAttribute('aria-label')).toBe('2 unread');
    expect(rooms[0].textContent).toContain('3 minutes ago');
    expect(screen.getByText('Select a conversation to start chatting.')).toBeTruthy();
  });

  it('connects to the realtime database once the room list is drawn', async () => {
    let answerRooms: () => void = () => {};
    const drawn = new Promise<void>((resolve) => (answerRooms = resolve));
    server.use(
      http.get(`${API}/chat/getUserRooms`, async () => {
        await drawn;
        return HttpResponse.json([room('r1', 'Casa Bella')]);
      }),
    );
    realtime.messages.set('sub-ana/sub-b-r1', [message(1, 'sub-b-r1', 'Good morning')]);
    show();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(realtime.connects).toBe(0);
    answerRooms();
    expect(await screen.findByTestId('chat-room')).toBeTruthy();
    await waitFor(() => expect(realtime.connects).toBe(1));
  });

  it('opens the connection beside the room list when the address names a room', async () => {
    answer('/chat/getUserRooms', 'never');
    show('/chat/r1');
    await waitFor(() => expect(realtime.connects).toBe(1));
    expect(screen.queryByTestId('chat-room')).toBeNull();
  });

  it('says when there is no conversation yet', async () => {
    answer('/chat/getUserRooms', []);
    show();
    expect(await screen.findByText('No conversations yet. Open one with the Message button on an offer.')).toBeTruthy();
    expect(screen.queryByTestId('chat-rooms-error')).toBeNull();
  });

  it('shows an error with Retry that loads the rooms again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/chat/getUserRooms`, () =>
        fail
          ? HttpResponse.json({ message: 'x', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json([room('r1', 'Casa Bella')]),
      ),
    );
    show();
    const error = await screen.findByTestId('chat-rooms-error');
    expect(error.textContent).toContain('Failed to fetch rooms');
    expect(screen.queryByText(/No conversations yet/)).toBeNull();
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('chat-room')).toBeTruthy();
  });

  it('says when the chat cannot connect, and connects on Retry', async () => {
    realtime.fail = true;
    answer('/chat/getUserRooms', [room('r1', 'Casa Bella')]);
    realtime.messages.set('sub-ana/sub-b-r1', [message(1, 'sub-b-r1', 'Good morning')]);
    show('/chat/r1');
    const unavailable = await screen.findByTestId('chat-unavailable');
    expect(unavailable.textContent).toContain('Chat is not available right now.');
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).disabled).toBe(true);
    realtime.fail = false;
    await userEvent.click(within(unavailable).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('chat-message-other')).textContent).toContain('Good morning');
    expect(screen.queryByTestId('chat-unavailable')).toBeNull();
  });

  it('opens a room on its messages, marks it read and refreshes the navbar total', async () => {
    answer('/chat/getUserRooms', [room('r1', 'Casa Bella', { unread: 1 })]);
    realtime.messages.set('sub-ana/sub-b-r1', [
      message(1, 'sub-ana', 'Can you make a wardrobe?'),
      message(2, 'sub-b-r1', 'Yes, in oak'),
    ]);
    const read = vi.fn();
    server.use(
      http.post(`${API}/chat/rooms/:roomId/read`, ({ params }) => {
        read(params.roomId);
        return HttpResponse.json({ unread: 0 });
      }),
      http.get(`${API}/chat/unread`, () => HttpResponse.json({ total: read.mock.calls.length ? 0 : 1 })),
    );
    renderPage(
      <>
        <ChatUnreadBadge enabled />
        <ChatPage />
      </>,
      { path: '/chat/:id', url: '/chat/r1' },
    );
    expect((await screen.findByTestId('nav-chat-unread')).textContent).toBe('1');
    const pane = await screen.findByRole('region', { name: 'Conversation' });
    expect((await within(pane).findByTestId('chat-message-own')).textContent).toContain('Can you make a wardrobe?');
    expect(within(pane).getByTestId('chat-message-other').textContent).toContain('Yes, in oak');
    expect(within(pane).getByRole('link', { name: 'Casa Bella' }).getAttribute('href')).toBe('/businessprofile/b-r1');
    expect(within(pane).getByText('Tiranë, Albania')).toBeTruthy();
    expect((await within(pane).findByText('Total Projects')).nextSibling?.textContent).toBe('2');
    await waitFor(() => expect(read).toHaveBeenCalledWith('r1'));
    await waitFor(() => expect(screen.queryByTestId('nav-chat-unread')).toBeNull());
    expect(screen.queryByTestId('chat-room-unread')).toBeNull();
  });

  it("shows its sender why moderation hid a message, and the other member's hidden message not at all", async () => {
    answer('/chat/getUserRooms', [room('r1', 'Casa Bella')]);
    const hidden = { reason: 'Insults', at: '2026-11-20T10:00:00Z' };
    realtime.messages.set('sub-ana/sub-b-r1', [
      { ...message(1, 'sub-ana', 'You are a thief'), hidden },
      { ...message(2, 'sub-b-r1', 'Rude answer'), hidden },
      message(3, 'sub-b-r1', 'Shall we talk tomorrow?'),
    ]);
    show('/chat/r1');
    const other = await screen.findAllByTestId('chat-message-other');
    expect(other.map((m) => m.textContent)).toEqual([expect.stringContaining('Shall we talk tomorrow?')]);
    expect(screen.queryByText('Rude answer')).toBeNull();
    const own = screen.getByTestId('chat-message-own');
    expect(within(own).getByTestId('chat-message-hidden').textContent).toBe(
      'Hidden by moderation: Insults Only you see this message; the other member no longer does.',
    );
    expect(own.textContent).not.toContain('You are a thief');
  });

  it('previews a room whose latest message moderation hid as hidden, never with its text', async () => {
    answer('/chat/getUserRooms', [room('r1', 'Casa Bella', { lastMessage: 'Rude answer' })]);
    realtime.messages.set('sub-ana/sub-b-r1', [
      message(1, 'sub-ana', 'Hello'),
      { ...message(2, 'sub-b-r1', 'Rude answer'), hidden: { reason: 'Insults', at: '2026-11-20T10:00:00Z' } },
    ]);
    show();
    const item = await screen.findByTestId('chat-room');
    await waitFor(() => expect(item.textContent).toContain('Message hidden by moderation'));
    expect(item.textContent).not.toContain('Rude answer');
  });

  it("previews a room without a live latest message from the room's copy, hidden when moderation hid it", async () => {
    answer('/chat/getUserRooms', [
      room('r1', 'Casa Bella', { lastMessage: undefined, lastMessageHidden: true }),
      room('r2', 'Dru Art'),
    ]);
    show();
    const [hidden, shown] = await screen.findAllByTestId('chat-room');
    expect(hidden.textContent).toContain('Message hidden by moderation');
    expect(shown.textContent).toContain('Hello from Dru Art');
  });

  it('reports a message, blocks the other member and words a refused message', async () => {
    answer('/chat/getUserRooms', [room('r1', 'Casa Bella')]);
    realtime.messages.set('sub-ana/sub-b-r1', [message(1, 'sub-b-r1', 'Buy cheap tiles at example.com')]);
    const reports: string[] = [];
    server.use(
      http.post(`${API}/chat/rooms/:roomId/messages/:messageId/report`, ({ params }) => {
        reports.push(String(params.messageId));
        return HttpResponse.json({ reported: true });
      }),
      http.post(`${API}/chat/rooms/:roomId/messages`, () =>
        HttpResponse.json({ message: 'Blocked', code: 'CHAT_BLOCKED' }, { status: 403 }),
      ),
      http.put(`${API}/chat/rooms/:roomId/block`, async ({ request }) => {
        const { blocked } = (await request.json()) as { blocked: boolean };
        return HttpResponse.json({ ...room('r1', 'Casa Bella'), blockedByMe: blocked });
      }),
    );
    show('/chat/r1');
    await userEvent.click(await screen.findByTestId('chat-report'));
    await userEvent.click(await screen.findByLabelText('Abusive or threatening'));
    await userEvent.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('report-sent');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((await screen.findByTestId('chat-report-done')).textContent).toBe('Reported');
    expect(reports).toEqual(['m1']);

    const input = screen.getByTestId('chat-input');
    await userEvent.type(input, 'Are you there?');
    await userEvent.click(screen.getByTestId('chat-send'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This member has blocked you: your message was not sent.',
    );
    expect((input as HTMLTextAreaElement).value).toBe('Are you there?');

    await userEvent.click(screen.getByTestId('chat-block'));
    expect((await screen.findByTestId('chat-blocked')).textContent).toContain('You blocked Casa Bella');
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.getByTestId('chat-block').textContent).toBe('Unblock');
  });
});
