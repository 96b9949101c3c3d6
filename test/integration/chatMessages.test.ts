/**
 * Chat messages through the API, and the Realtime Database emulator enforcing the same rules file
 * with the tokens the API mints: only a room's two members read it, nobody writes but the API, and
 * the API writes only what a member said, as themselves. Every refused call is shown to change
 * nothing (no message in the database, the room's last message and unread counts unchanged).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, get, getDatabase, ref, set, update, type Database } from 'firebase/database';
import { call, newBusiness, newClient, newModerator, stack, type BusinessAccount, type Client } from '../support/api';
import { setChatRules } from '../../scripts/setChatRules';
import { CHAT_MESSAGE_MAX, chatMessagesPath, type ChatMessage } from '../../common/chat';
import { reportEntryId } from '../../lambdas/domain/moderation';
import { chatMessageTargetId } from '../../lambdas/model/moderation';

const apps: FirebaseApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => deleteApp(a)));
});

/** A database connection signed in (locally) with the custom token the API mints for this caller. */
async function databaseAs(token: string): Promise<Database> {
  const grant = await call('POST', '/chat/token', { token });
  expect(grant.status).toBe(200);
  const { firebase } = stack();
  const app = initializeApp(
    { projectId: firebase.projectId, databaseURL: firebase.databaseURL, apiKey: 'local' },
    `t-${Math.random()}`,
  );
  apps.push(app);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, firebase.host, firebase.port, { mockUserToken: grant.body.token });
  return db;
}

const refused = async (p: Promise<unknown>) => {
  await expect(p).rejects.toThrow(/permission.denied/i);
};

async function pairWithRoom() {
  const client = await newClient({ username: 'Ana Hoxha' });
  const business = await newBusiness({ businessName: 'Punimet e Drurit' });
  const room = await call('POST', '/chat/createRoom', {
    token: client.token,
    body: { businessId: business.businessId, clientId: client.userId },
  });
  expect(room.status).toBe(201);
  return {
    client,
    business,
    room: room.body as { roomId: string; clientCognitoId: string; businessCognitoId: string },
  };
}

const send = (token: string | undefined, roomId: string, body: unknown) =>
  call('POST', `/chat/rooms/${roomId}/messages`, { token, body });

async function roomAs(who: Client | BusinessAccount, roomId: string) {
  const path = 'userId' in who ? `/chat/getUserRooms?cognitoId=${who.sub}` : `/chat/businessRooms?cognitoId=${who.sub}`;
  const rooms = await call('GET', path, { token: who.token });
  return rooms.body.find((r: { roomId: string }) => r.roomId === roomId);
}

/** What the room's members can read of it. */
async function messagesOf(
  db: Database,
  room: { clientCognitoId: string; businessCognitoId: string },
): Promise<ChatMessage[]> {
  return Object.values((await get(ref(db, chatMessagesPath(room)))).val() ?? {}) as ChatMessage[];
}

describe('POST /chat/rooms/{roomId}/messages', () => {
  it("a member's message is stored as said by them (sub, current name, server time), trimmed, for both to read", async () => {
    const { client, business, room } = await pairWithRoom();
    const before = Date.now();
    const text = 'Përshëndetje! A mund të filloni të hënën? 🛋️ Çmimi: 280€';
    const sent = await send(client.token, room.roomId, {
      text: `  ${text}\n `,
      sender: 'Someone Else',
      senderId: business.sub,
      timestamp: 1,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ text, sender: 'Ana Hoxha', senderId: client.sub });
    expect(sent.body.timestamp).toBeGreaterThanOrEqual(before);
    expect(sent.body.timestamp).toBeLessThanOrEqual(Date.now());

    const answer = await send(business.token, room.roomId, { text: 'Po, në orën 9.' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ sender: 'Punimet e Drurit', senderId: business.sub });
    expect(answer.body.id > sent.body.id).toBe(true);

    for (const db of [await databaseAs(client.token), await databaseAs(business.token)]) {
      expect(await messagesOf(db, room)).toEqual([sent.body, answer.body]);
    }
  });

  it('a 2,000-character message (emoji count as one) is accepted, 2,001 and blank are refused and change nothing', async () => {
    const { client, business, room } = await pairWithRoom();
    const db = await databaseAs(client.token);
    const longest = `${'😀'.repeat(10)}${'ë'.repeat(CHAT_MESSAGE_MAX - 10)}`;
    const cases: [unknown, number][] = [
      [{ text: `${longest}x` }, 400],
      [{ text: '   \n\t ' }, 400],
      [{ text: '' }, 400],
      [{}, 400],
      [{ text: 42 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await send(client.token, room.roomId, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(res.body.errors?.[0]?.field).toBe('text');
    }
    expect(await messagesOf(db, room)).toEqual([]);
    expect(await roomAs(business, room.roomId)).toMatchObject({ unread: 0 });
    expect((await roomAs(business, room.roomId)).lastMessage).toBeUndefined();

    const ok = await send(client.token, room.roomId, { text: ` ${longest} ` });
    expect(ok.status).toBe(201);
    expect(ok.body.text).toBe(longest);
  });

  it('anonymous (401), a third client and another business (404, as for no room) cannot post; nothing changes', async () => {
    const { client, business, room } = await pairWithRoom();
    const stranger = await newClient();
    const otherBusiness = await newBusiness();
    expect((await send(client.token, room.roomId, { text: 'first' })).status).toBe(201);

    expect((await send(undefined, room.roomId, { text: 'anonymous' })).status).toBe(401);
    for (const who of [stranger, otherBusiness]) {
      const res = await send(who.token, room.roomId, { text: 'I am not in this room' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Chat room not found');
    }
    expect((await send(client.token, 'no-such-room', { text: 'hello' })).status).toBe(404);

    const messages = await messagesOf(await databaseAs(business.token), room);
    expect(messages.map((m) => m.text)).toEqual(['first']);
    expect(await roomAs(business, room.roomId)).toMatchObject({ lastMessage: 'first', unread: 1 });
    expect(await roomAs(client, room.roomId)).toMatchObject({ lastMessage: 'first', unread: 0 });
  });
});

describe('unread counts', () => {
  it('each message counts as unread for the other member; the room list and GET /chat/unread show it; opening marks read', async () => {
    const { client, business, room } = await pairWithRoom();
    const second = await pairWithRoom();
    const sameBusiness = await call('POST', '/chat/createRoom', {
      token: second.client.token,
      body: { businessId: business.businessId, clientId: second.client.userId },
    });

    for (const text of ['one', 'two', 'three'])
      expect((await send(client.token, room.roomId, { text })).status).toBe(201);
    expect((await send(second.client.token, sameBusiness.body.roomId, { text: 'other room' })).status).toBe(201);
    expect((await send(business.token, room.roomId, { text: 'answer' })).status).toBe(201);

    const listed = await roomAs(business, room.roomId);
    expect(listed).toMatchObject({ lastMessage: 'answer', unread: 3 });
    expect(new Date(listed.lastMessageTime).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await roomAs(client, room.roomId)).toMatchObject({ lastMessage: 'answer', unread: 1 });
    expect((await call('GET', '/chat/unread', { token: business.token })).body).toEqual({ total: 4 });
    expect((await call('GET', '/chat/unread', { token: client.token })).body).toEqual({ total: 1 });

    const read = await call('POST', `/chat/rooms/${room.roomId}/read`, { token: business.token });
    expect(read.status).toBe(200);
    expect(await roomAs(business, room.roomId)).toMatchObject({ unread: 0 });
    expect((await call('GET', '/chat/unread', { token: business.token })).body).toEqual({ total: 1 });
    // The other member's count is theirs alone.
    expect(await roomAs(client, room.roomId)).toMatchObject({ unread: 1 });
  });

  it('marking read: anonymous 401, a non-member 404, and neither changes any count', async () => {
    const { client, business, room } = await pairWithRoom();
    const stranger = await newClient();
    const otherBusiness = await newBusiness();
    expect((await send(client.token, room.roomId, { text: 'unread' })).status).toBe(201);
    expect((await call('POST', `/chat/rooms/${room.roomId}/read`, {})).status).toBe(401);
    expect((await call('POST', `/chat/rooms/${room.roomId}/read`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `/chat/rooms/${room.roomId}/read`, { token: otherBusiness.token })).status).toBe(404);
    expect((await call('GET', '/chat/unread', {})).status).toBe(401);
    expect((await call('GET', '/chat/unread', { token: stranger.token })).body).toEqual({ total: 0 });
    expect(await roomAs(business, room.roomId)).toMatchObject({ unread: 1 });
    expect((await call('GET', '/chat/unread', { token: business.token })).body).toEqual({ total: 1 });
  });
});

describe("the local database enforces the rules with the API's tokens", () => {
  it('members read their room; a third user, another business and a forged token read nothing; nobody writes from a browser', async () => {
    const { client, business, room } = await pairWithRoom();
    const stranger = await newClient();
    const otherBusiness = await newBusiness();
    expect((await send(client.token, room.roomId, { text: 'private' })).status).toBe(201);
    const path = chatMessagesPath(room);

    const [clientDb, businessDb, strangerDb, otherDb] = await Promise.all(
      [client, business, stranger, otherBusiness].map((w) => databaseAs(w.token)),
    );
    expect((await messagesOf(clientDb, room)).map((m) => m.text)).toEqual(['private']);
    expect((await messagesOf(businessDb, room)).map((m) => m.text)).toEqual(['private']);
    await refused(get(ref(strangerDb, path)));
    await refused(get(ref(otherDb, path)));
    await refused(get(ref(clientDb, '/')));
    await refused(get(ref(clientDb, 'chats')));
    await refused(get(ref(clientDb, `chats/${room.clientCognitoId}`)));

    const fake = { id: 'zzzz', text: 'forged', sender: 'Ana Hoxha', senderId: client.sub, timestamp: Date.now() };
    await refused(set(ref(clientDb, `${path}/zzzz`), fake));
    await refused(set(ref(strangerDb, `${path}/zzzz`), fake));
    await refused(update(ref(businessDb, path), { zzzz: fake }));
    await refused(set(ref(clientDb, path), null));
    await refused(set(ref(clientDb, 'junk/x'), 'data'));

    // An unsigned token claiming the client's uid (what the emulator used to accept) is refused at
    // sign-in (invalid_token), so its read is never answered: no data within a few seconds.
    const { firebase } = stack();
    const app = initializeApp(
      { projectId: firebase.projectId, databaseURL: firebase.databaseURL, apiKey: 'local' },
      `forged-${Math.random()}`,
    );
    apps.push(app);
    const forgedDb = getDatabase(app);
    connectDatabaseEmulator(forgedDb, firebase.host, firebase.port, {
      mockUserToken: { sub: client.sub, user_id: client.sub, role: 'client' } as never,
    });
    const outcome = await Promise.race([
      get(ref(forgedDb, path)).then(
        (snap) => `read ${JSON.stringify(snap.val())}`,
        (err: Error) => `refused ${err.message}`,
      ),
      new Promise<string>((resolve) => {
        setTimeout(() => resolve('no answer'), 3000);
      }),
    ]);
    expect(outcome).not.toMatch(/^read/);

    expect((await messagesOf(businessDb, room)).map((m) => m.text)).toEqual(['private']);
  });
});

describe('npm run chat:rules', () => {
  it('sets the rules file on the database as the service account; a wrong key is refused and changes nothing', async () => {
    const { client, room } = await pairWithRoom();
    const { firebase } = stack();
    const key = firebase.serviceAccount;
    const db = await databaseAs(client.token);
    const permissive = `${process.env.TMPDIR ?? '/tmp'}/permissive-rules-${Date.now()}.json`;
    const { writeFileSync, rmSync } = await import('node:fs');
    writeFileSync(permissive, JSON.stringify({ rules: { '.read': true, '.write': false } }));
    try {
      const { generateKeyPairSync } = await import('node:crypto');
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      await expect(
        setChatRules(JSON.stringify({ ...JSON.parse(key), private_key: other }), firebase.databaseURL, permissive),
      ).rejects.toThrow(/token endpoint answered 400/);
      await refused(get(ref(db, '/')));

      await setChatRules(key, firebase.databaseURL, permissive);
      expect((await get(ref(db, 'chats'))).exists()).toBe(true);
    } finally {
      await setChatRules(key, firebase.databaseURL);
      rmSync(permissive, { force: true });
    }
    await refused(get(ref(db, 'chats')));
    expect((await get(ref(db, chatMessagesPath(room)))).exists()).toBe(false);
  });
});

/** The reports stored for one message and its moderation queue entry (the entry's partition). */
async function reportsOf(roomId: string, messageId: string) {
  const s = stack();
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: s.dynamoEndpoint,
      region: s.region,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
  const out = await doc.send(
    new QueryCommand({
      TableName: s.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: {
        ':pk': `REPORTED#${reportEntryId('chatMessage', chatMessageTargetId(roomId, messageId))}`,
      },
    }),
  );
  return out.Items ?? [];
}

describe('reporting a message', () => {
  it("a member reports the other member's message once; it joins the moderation queue with a copy of it; every refusal stores nothing", async () => {
    const { client, business, room } = await pairWithRoom();
    const stranger = await newClient();
    const rude = await send(business.token, room.roomId, { text: 'Something rude' });
    const own = await send(client.token, room.roomId, { text: 'My own words' });
    const report = (
      token: string | undefined,
      messageId: string,
      body: unknown = { reason: 'abusive', note: 'Insulting' },
    ) => call('POST', `/chat/rooms/${room.roomId}/messages/${messageId}/report`, { token, body });

    expect((await report(undefined, rude.body.id)).status).toBe(401);
    expect((await report(stranger.token, rude.body.id)).status).toBe(404);
    expect(await report(client.token, own.body.id)).toMatchObject({ status: 400, body: { code: 'OWN_MESSAGE' } });
    expect((await report(client.token, 'no-such-message')).status).toBe(404);
    expect((await report(client.token, '..%2F..%2Fjunk')).status).toBe(400);
    expect(await report(client.token, rude.body.id, { note: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { code: 'FIELD_TOO_LONG' },
    });
    expect(await report(client.token, rude.body.id, { reason: 'Insulting' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_VALUE' },
    });
    expect(await reportsOf(room.roomId, rude.body.id)).toEqual([]);
    expect(await reportsOf(room.roomId, own.body.id)).toEqual([]);

    const ok = await report(client.token, rude.body.id);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ roomId: room.roomId, messageId: rude.body.id });
    expect(await report(client.token, rude.body.id)).toMatchObject({ status: 409, body: { code: 'ALREADY_REPORTED' } });
    const stored = await reportsOf(room.roomId, rude.body.id);
    expect(stored).toHaveLength(2);
    expect(stored.find((i) => i.sk === `BY#${client.sub}`)).toMatchObject({
      kind: 'chatMessage',
      reporterSub: client.sub,
      reason: 'abusive',
      note: 'Insulting',
    });
    expect(stored.find((i) => i.sk === 'ITEM')).toMatchObject({
      kind: 'chatMessage',
      status: 'open',
      excerpt: 'Something rude',
      ownerSub: business.sub,
      reportCount: 1,
      reasons: { abusive: 1 },
      notes: ['Insulting'],
    });
  });
});

describe('blocking the other member', () => {
  it("while blocked, the other member's messages are refused and never reach the blocker; unblocking lets them through", async () => {
    const { client, business, room } = await pairWithRoom();
    const stranger = await newClient();
    const block = (token: string | undefined, blocked: unknown) =>
      call('PUT', `/chat/rooms/${room.roomId}/block`, { token, body: { blocked } });

    expect((await block(undefined, true)).status).toBe(401);
    expect((await block(stranger.token, true)).status).toBe(404);
    expect((await block(client.token, 'yes')).status).toBe(400);
    expect(await roomAs(client, room.roomId)).toMatchObject({ blockedByMe: false, blockedMe: false });

    const blocked = await block(client.token, true);
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ roomId: room.roomId, blockedByMe: true, blockedMe: false });
    expect(await roomAs(business, room.roomId)).toMatchObject({ blockedByMe: false, blockedMe: true });

    const refusedSend = await send(business.token, room.roomId, { text: 'Are you there?' });
    expect(refusedSend).toMatchObject({ status: 403, body: { code: 'CHAT_BLOCKED' } });
    const db = await databaseAs(client.token);
    expect(await messagesOf(db, room)).toEqual([]);
    expect(await roomAs(client, room.roomId)).toMatchObject({ unread: 0 });
    // The blocker can still write (blocking stops what reaches them).
    expect((await send(client.token, room.roomId, { text: 'Please stop.' })).status).toBe(201);

    expect((await block(client.token, false)).status).toBe(200);
    expect((await send(business.token, room.roomId, { text: 'Sorry.' })).status).toBe(201);
    expect((await messagesOf(db, room)).map((m) => m.text)).toEqual(['Please stop.', 'Sorry.']);
  });
});

describe('a moderator hides a reported message', () => {
  it('the decision writes the hidden mark onto the message node; members still cannot set or clear it', async () => {
    const { client, business, room } = await pairWithRoom();
    const moderator = await newModerator();
    const rude = await send(business.token, room.roomId, { text: 'Something rude' });
    const kept = await send(business.token, room.roomId, { text: 'Something polite' });
    const reported = await call('POST', `/chat/rooms/${room.roomId}/messages/${rude.body.id}/report`, {
      token: client.token,
      body: { reason: 'abusive' },
    });
    expect(reported.status).toBe(201);
    const [clientDb, businessDb] = await Promise.all([client, business].map((w) => databaseAs(w.token)));
    const path = `${chatMessagesPath(room)}/${rude.body.id}`;

    // Members cannot mark a message hidden, not even the one who reported it.
    await refused(set(ref(clientDb, `${path}/hidden`), { reason: 'mine', at: new Date().toISOString() }));
    await refused(update(ref(businessDb, path), { hidden: { reason: 'x', at: new Date().toISOString() } }));
    expect((await get(ref(clientDb, path))).val().hidden).toBeUndefined();

    const entryId = reportEntryId('chatMessage', chatMessageTargetId(room.roomId, rude.body.id));
    const decided = await call('POST', `/moderation/reports/${entryId}/decision`, {
      token: moderator.token,
      body: { action: 'hide', reason: 'Insults' },
    });
    expect(decided).toMatchObject({ status: 200, body: { status: 'hidden' } });
    const hidden = (await get(ref(clientDb, path))).val() as ChatMessage;
    expect(hidden).toMatchObject({ text: 'Something rude', senderId: business.sub, hidden: { reason: 'Insults' } });
    expect(Date.parse(hidden.hidden!.at)).not.toBeNaN();
    expect(((await get(ref(clientDb, `${chatMessagesPath(room)}/${kept.body.id}`))).val() as ChatMessage).hidden).toBe(
      undefined,
    );
    // A later message is the room's last one: the room lists still preview it.
    expect(await roomAs(client, room.roomId)).toMatchObject({ lastMessage: 'Something polite' });
    expect((await roomAs(client, room.roomId)).lastMessageHidden).toBeUndefined();

    // Its sender cannot take the mark off.
    await refused(set(ref(businessDb, `${path}/hidden`), null));
    expect(((await get(ref(businessDb, path))).val() as ChatMessage).hidden).toMatchObject({ reason: 'Insults' });
    // Decided once: a second decision is refused and changes nothing.
    expect(
      await call('POST', `/moderation/reports/${entryId}/decision`, {
        token: moderator.token,
        body: { action: 'dismiss' },
      }),
    ).toMatchObject({ status: 409, body: { code: 'ALREADY_DECIDED' } });
  });

  it("hiding the room's last message hides its copy in both members' room lists, until the next message", async () => {
    const { client, business, room } = await pairWithRoom();
    const moderator = await newModerator();
    await send(client.token, room.roomId, { text: 'When can you come?' });
    const rude = await send(business.token, room.roomId, { text: 'Never, you fool' });
    expect(await roomAs(client, room.roomId)).toMatchObject({ lastMessage: 'Never, you fool' });
    await call('POST', `/chat/rooms/${room.roomId}/messages/${rude.body.id}/report`, {
      token: client.token,
      body: { reason: 'abusive' },
    });
    const entryId = reportEntryId('chatMessage', chatMessageTargetId(room.roomId, rude.body.id));
    const decided = await call('POST', `/moderation/reports/${entryId}/decision`, {
      token: moderator.token,
      body: { action: 'hide', reason: 'Insults' },
    });
    expect(decided.status).toBe(200);

    for (const member of [client, business]) {
      const listed = await roomAs(member, room.roomId);
      expect(listed.lastMessageHidden).toBe(true);
      expect(listed.lastMessage).toBeUndefined();
      expect(JSON.stringify(listed)).not.toContain('Never, you fool');
    }

    await send(business.token, room.roomId, { text: 'Sorry, Tuesday at 10?' });
    const after = await roomAs(client, room.roomId);
    expect(after).toMatchObject({ lastMessage: 'Sorry, Tuesday at 10?' });
    expect(after.lastMessageHidden).toBeUndefined();
  });
});
