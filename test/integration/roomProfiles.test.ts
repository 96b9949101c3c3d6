/**
 * Members on their chat rooms over the local stack (lambdas/data/roomProfiles.ts): a room keeps each member's name and
 * picture with the version it came from, so a room list is its one Query; a profile edit writes its rooms before it
 * answers; a record changed without the edit (here: straight in the table) reaches its rooms through the stream; a new
 * room is stored with both copies and their versions.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/model/keys';
import { call, newBusiness, newClient, stack, type BusinessAccount, type Client } from '../support/api';
import { tableClient } from '../support/expiry';
import { useStackEnvironment, waitFor } from '../support/notifications';

let db: ReturnType<typeof tableClient>;
beforeAll(() => {
  useStackEnvironment();
  db = tableClient();
});
afterAll(() => db.destroy());

async function openRoom(client: Client, business: BusinessAccount) {
  const created = await call('POST', '/chat/createRoom', {
    token: client.token,
    body: { businessId: business.businessId, clientId: client.userId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { roomId: string };
}
const stored = async (client: Client, business: BusinessAccount) =>
  (await db.send(new GetCommand({ TableName: stack().tableName, Key: keys.room(business.businessId, client.userId) })))
    .Item!;
const clientSide = async (client: Client) =>
  (await call('GET', `/chat/getUserRooms?cognitoId=${client.sub}`, { token: client.token })).body[0];
const businessSide = async (business: BusinessAccount) =>
  (await call('GET', `/chat/businessRooms?cognitoId=${business.sub}`, { token: business.token })).body[0];

describe("members' names on their chat rooms", () => {
  it('an edit writes its rooms with its version before it answers', async () => {
    const client = await newClient({ username: 'Lira Dushi' });
    const business = await newBusiness({ businessName: 'Mobilia Lira', location: 'Tirana' });
    await openRoom(client, business);
    expect(await stored(client, business)).toMatchObject({ userRevision: 0 });

    const edit = await call('PUT', `/user/${client.userId}`, { token: client.token, body: { username: 'Lira D.' } });
    expect(edit.status).toBe(200);
    const moved = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { location: 'Shkodër' },
    });
    expect(moved.status).toBe(200);
    expect(await stored(client, business)).toMatchObject({
      user: { username: 'Lira D.' },
      userRevision: 1,
      business: { businessName: 'Mobilia Lira', location: 'Shkodër' },
      businessVersion: expect.any(String),
    });
    expect(await businessSide(business)).toMatchObject({ user: { username: 'Lira D.' } });
    expect(await clientSide(client)).toMatchObject({ business: { businessName: 'Mobilia Lira', location: 'Shkodër' } });
  });

  it('a record changed outside an edit reaches its rooms through the stream', async () => {
    const client = await newClient({ username: 'Sara Hoxha' });
    const business = await newBusiness();
    await openRoom(client, business);
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: keys.user(client.userId),
        UpdateExpression: 'SET username = :name ADD revision :one',
        ExpressionAttributeValues: { ':name': 'Sara H.', ':one': 1 },
      }),
    );
    await waitFor(async () => ((await businessSide(business))?.user.username === 'Sara H.' ? true : undefined));
  });

  it('a new room is stored with both members’ copies and their versions', async () => {
    const client = await newClient({ username: 'Ema Gjoni' });
    const business = await newBusiness({ businessName: 'Gjoni Dru', location: 'Fier' });
    await openRoom(client, business);
    expect(await stored(client, business)).toMatchObject({
      user: { username: 'Ema Gjoni' },
      userRevision: 0,
      business: { businessName: 'Gjoni Dru', location: 'Fier' },
      businessVersion: expect.any(String),
    });
  });
});
