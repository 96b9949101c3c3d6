/**
 * The Realtime Database rules of chat (infra/chat/database.rules.json), run offline by targaryen, the
 * rules engine the local database emulator uses too. Browsers may only read the messages of a room
 * they are a member of (as the role the API's token gives them); nobody writes anything: messages
 * are written by the API with the service account, which the rules do not apply to.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import rules from '../../infra/chat/database.rules.json';
import { chatMessagesPath } from '../../common/chat';

interface Result {
  allowed: boolean;
}
interface RulesDb {
  as(auth: { uid: string; token: Record<string, unknown> } | null): {
    read(path: string): Result;
    write(path: string, value: unknown): Result;
    update(path: string, value: Record<string, unknown>): Result;
  };
}
const targaryen = createRequire(import.meta.url)('targaryen') as { database(rules: unknown, data: unknown): RulesDb };

const room = { clientCognitoId: 'client-sub', businessCognitoId: 'business-sub' };
const otherRoom = { clientCognitoId: 'stranger-sub', businessCognitoId: 'business-sub' };
const messages = chatMessagesPath(room);
const existing = { id: 'k1', text: 'Përshëndetje 👋', sender: 'Klea', senderId: 'client-sub', timestamp: 1 };
const db = targaryen.database(rules, {
  chats: {
    'client-sub': { 'business-sub': { messages: { k1: existing } } },
    'stranger-sub': { 'business-sub': { messages: { k1: { ...existing, senderId: 'stranger-sub' } } } },
  },
});

const client = db.as({ uid: 'client-sub', token: { role: 'client' } });
const business = db.as({ uid: 'business-sub', token: { role: 'business' } });
const stranger = db.as({ uid: 'stranger-sub', token: { role: 'client' } });
const otherBusiness = db.as({ uid: 'other-business-sub', token: { role: 'business' } });
const anonymous = db.as(null);
const newMessage = { id: 'k2', text: 'Hello', sender: 'Klea', senderId: 'client-sub', timestamp: 2 };

describe('chat database rules: reading', () => {
  it("the room's client and business read its messages", () => {
    expect(client.read(messages).allowed).toBe(true);
    expect(business.read(messages).allowed).toBe(true);
    expect(client.read(`${messages}/k1`).allowed).toBe(true);
    expect(business.read(chatMessagesPath(otherRoom)).allowed).toBe(true);
  });

  it('a third signed-in user, another business and anonymous read nothing of the room', () => {
    for (const who of [stranger, otherBusiness, anonymous]) {
      expect(who.read(messages).allowed).toBe(false);
      expect(who.read(`${messages}/k1`).allowed).toBe(false);
    }
    expect(client.read(chatMessagesPath(otherRoom)).allowed).toBe(false);
  });

  it("a member only as the role of its side: the client's uid claiming the business role reads nothing", () => {
    expect(db.as({ uid: 'client-sub', token: { role: 'business' } }).read(messages).allowed).toBe(false);
    expect(db.as({ uid: 'business-sub', token: { role: 'client' } }).read(messages).allowed).toBe(false);
    expect(db.as({ uid: 'business-sub', token: {} }).read(messages).allowed).toBe(false);
  });

  it("the root, the list of rooms and a member's list of rooms cannot be read", () => {
    for (const who of [client, business, stranger, anonymous]) {
      expect(who.read('/').allowed).toBe(false);
      expect(who.read('chats').allowed).toBe(false);
      expect(who.read('chats/client-sub').allowed).toBe(false);
      expect(who.read('chats/client-sub/business-sub').allowed).toBe(false);
    }
  });
});

describe('chat database rules: writing', () => {
  it('members cannot add a message from the browser (only the API writes, with the service account)', () => {
    expect(client.write(`${messages}/k2`, newMessage).allowed).toBe(false);
    expect(business.write(`${messages}/k2`, { ...newMessage, senderId: 'business-sub' }).allowed).toBe(false);
    expect(client.update(messages, { k2: newMessage }).allowed).toBe(false);
  });

  it('nobody edits, overwrites or deletes an existing message, or wipes a room', () => {
    for (const who of [client, business, stranger, anonymous]) {
      expect(who.write(`${messages}/k1`, { ...existing, text: 'edited' }).allowed).toBe(false);
      expect(who.write(`${messages}/k1/text`, 'edited').allowed).toBe(false);
      expect(who.write(`${messages}/k1`, null).allowed).toBe(false);
      expect(who.write(messages, null).allowed).toBe(false);
      expect(who.write('chats/client-sub', null).allowed).toBe(false);
    }
  });

  it("nothing can be written outside the rooms' message paths", () => {
    for (const who of [client, business, stranger, anonymous]) {
      expect(who.write('/', { anything: true }).allowed).toBe(false);
      expect(who.write('messages/some-room/1', { text: 'x' }).allowed).toBe(false);
      expect(who.write('roomMembers/some-room/client-sub', true).allowed).toBe(false);
      expect(who.write('chats/client-sub/business-sub/other', 'x').allowed).toBe(false);
      expect(who.update('/', { 'junk/a': 1 }).allowed).toBe(false);
    }
  });
});
