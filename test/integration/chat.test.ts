/** Chat rooms and the chat token through the local gateway. */
import { describe, expect, it } from 'vitest';
import { call, newBusiness, newClient } from '../support/api';

describe('chat rooms', () => {
  it('one room per business and client, whoever opens it; each side lists it', async () => {
    const client = await newClient({ username: 'Arta Leka' });
    const business = await newBusiness({ businessName: 'Vila Deco', location: 'Vlorë' });
    const body = { businessId: business.businessId, clientId: client.userId };

    const created = await call('POST', '/chat/createRoom', { token: client.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      roomId: created.body._id,
      businessId: business.businessId,
      clientId: client.userId,
      businessCognitoId: business.sub,
      clientCognitoId: client.sub,
      user: { username: 'Arta Leka' },
      business: { businessName: 'Vila Deco', location: 'Vlorë' },
    });
    const again = await call('POST', '/chat/createRoom', { token: business.token, body });
    expect(again.status).toBe(200);
    expect(again.body.roomId).toBe(created.body.roomId);

    const clientRooms = await call('GET', `/chat/getUserRooms?cognitoId=${client.sub}`, { token: client.token });
    expect(clientRooms.body.map((r: { roomId: string }) => r.roomId)).toEqual([created.body.roomId]);
    const businessRooms = await call('GET', `/chat/businessRooms?cognitoId=${business.sub}`, { token: business.token });
    expect(businessRooms.body.map((r: { roomId: string }) => r.roomId)).toEqual([created.body.roomId]);
  });

  it("room lists show each side's current name, also after a rename", async () => {
    const client = await newClient({ username: 'Besa Kola' });
    const business = await newBusiness({ businessName: 'Dru Studio', location: 'Tirana' });
    const created = await call('POST', '/chat/createRoom', {
      token: client.token,
      body: { businessId: business.businessId, clientId: client.userId },
    });
    expect(created.status).toBe(201);

    expect(
      (await call('PUT', `/user/${client.userId}`, { token: client.token, body: { username: 'Besa Kola-Hysa' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/business/${business.businessId}`, {
          token: business.token,
          body: { businessName: 'Dru & Gur Studio' },
        })
      ).status,
    ).toBe(200);

    const businessRooms = await call('GET', `/chat/businessRooms?cognitoId=${business.sub}`, { token: business.token });
    expect(businessRooms.body).toEqual([
      expect.objectContaining({ roomId: created.body.roomId, user: { username: 'Besa Kola-Hysa' } }),
    ]);
    const clientRooms = await call('GET', `/chat/getUserRooms?cognitoId=${client.sub}`, { token: client.token });
    expect(clientRooms.body).toEqual([
      expect.objectContaining({
        roomId: created.body.roomId,
        business: { businessName: 'Dru & Gur Studio', location: 'Tirana' },
      }),
    ]);
  });

  it('concurrent opens of the same pair make one room', async () => {
    const client = await newClient();
    const business = await newBusiness();
    const body = { businessId: business.businessId, clientId: client.userId };
    const answers = await Promise.all(
      [client.token, business.token, client.token, business.token].map((token) =>
        call('POST', '/chat/createRoom', { token, body }),
      ),
    );
    expect(new Set(answers.map((a) => a.body.roomId)).size).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
  });

  it("only a member opens a room; rooms are listed only for the caller's own cognitoId", async () => {
    const client = await newClient();
    const business = await newBusiness();
    const stranger = await newClient();
    const otherBusiness = await newBusiness();
    const body = { businessId: business.businessId, clientId: client.userId };
    expect((await call('POST', '/chat/createRoom', { token: stranger.token, body })).status).toBe(403);
    expect((await call('POST', '/chat/createRoom', { token: otherBusiness.token, body })).status).toBe(403);
    expect((await call('GET', `/chat/getUserRooms?cognitoId=${client.sub}`, { token: client.token })).body).toEqual([]);
    expect((await call('GET', `/chat/getUserRooms?cognitoId=${client.sub}`, { token: stranger.token })).status).toBe(
      403,
    );
    expect(
      (await call('GET', `/chat/businessRooms?cognitoId=${business.sub}`, { token: otherBusiness.token })).status,
    ).toBe(403);
    expect(
      (
        await call('POST', '/chat/createRoom', {
          token: client.token,
          body: { ...body, businessId: 'no-such-business' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('POST /chat/token', () => {
  it("mints a Firebase custom token for the caller's sub with the role", async () => {
    const business = await newBusiness();
    const res = await call('POST', '/chat/token', { token: business.token });
    expect(res.status).toBe(200);
    expect(res.body.uid).toBe(business.sub);
    const [header, payload] = res.body.token
      .split('.')
      .slice(0, 2)
      .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('RS256');
    expect(payload).toMatchObject({
      uid: business.sub,
      claims: { role: 'business', accountId: business.businessId },
      aud: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
    });
    expect((await call('POST', '/chat/token', {})).status).toBe(401);
  });
});
