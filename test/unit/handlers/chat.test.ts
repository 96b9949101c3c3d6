import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { importSPKI, jwtVerify } from 'jose';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { businessCaller, clientCaller, invoke, useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { handler as createChatRoom } from '../../../lambdas/handlers/createChatRoom';
import { handler as listBusinessRooms } from '../../../lambdas/handlers/listBusinessRooms';
import { handler as listUserRooms } from '../../../lambdas/handlers/listUserRooms';
import { handler as createChatToken } from '../../../lambdas/handlers/createChatToken';
import { forgetServiceAccount, loadServiceAccount } from '../../../lambdas/chat/serviceAccount';
import { ddbMock, givenAccount, givenBusiness, givenItem, givenUser, resetDb, writes } from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

describe('POST /chat/createRoom', () => {
  function pair() {
    const clientSignedIn = clientCaller();
    const user = givenUser({ cognitoId: clientSignedIn.sub, profilePicture: 'uploads/u/me.png' });
    givenAccount(clientSignedIn, user._id);
    const businessSignedIn = businessCaller();
    const business = givenBusiness({ cognitoId: businessSignedIn.sub });
    givenAccount(businessSignedIn, business._id);
    return { clientSignedIn, user, businessSignedIn, business };
  }

  it("creates the room of the pair (201) with both members' cards and subs", async () => {
    const { clientSignedIn, user, business } = pair();
    ddbMock.on(PutCommand).resolves({});
    const res = await invoke(createChatRoom, {
      caller: clientSignedIn,
      body: { businessId: business._id, clientId: user._id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      roomId: res.body._id,
      businessId: business._id,
      clientId: user._id,
      businessCognitoId: business.cognitoId,
      clientCognitoId: user.cognitoId,
      user: { username: 'Ana Hoxha', profilePicture: 'https://cdn.test/images/u/me.png/1280.webp' },
      business: {
        businessName: 'Casa Design',
        profilePicture: 'https://cdn.test/images/b/logo.png/1280.webp',
        location: 'Durrës',
      },
    });
    const put = ddbMock.commandCalls(PutCommand)[0].args[0].input;
    expect(put.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put.Item).toMatchObject({
      ...keys.room(business._id, user._id),
      gsi1pk: `BROOMS#${business.cognitoId}`,
      gsi2pk: `UROOMS#${user.cognitoId}`,
    });
  });

  it('answers the existing room (200) when the pair has one, also when created concurrently', async () => {
    const { businessSignedIn, user, business } = pair();
    const existing = {
      _id: 'room-1',
      businessId: business._id,
      clientId: user._id,
      businessCognitoId: business.cognitoId,
      clientCognitoId: user.cognitoId,
      user: { username: 'Ana Hoxha' },
      business: { businessName: 'Casa Design' },
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    ddbMock.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    // First read: not there yet; the put loses the race; the second read finds the winner's room.
    let reads = 0;
    ddbMock
      .on(GetCommand, { Key: keys.room(business._id, user._id) })
      .callsFake(() => (reads++ === 0 ? {} : { Item: { ...keys.room(business._id, user._id), ...existing } }));
    const res = await invoke(createChatRoom, {
      caller: businessSignedIn,
      body: { businessId: business._id, clientId: user._id },
    });
    expect(res.status).toBe(200);
    expect(res.body.roomId).toBe('room-1');
  });

  it('refuses a caller who is not one of the two (403) and writes nothing', async () => {
    const { user, business } = pair();
    const otherClient = clientCaller();
    givenAccount(otherClient, randomUUID());
    const otherBusiness = businessCaller();
    givenAccount(otherBusiness, randomUUID());
    for (const caller of [otherClient, otherBusiness]) {
      const res = await invoke(createChatRoom, { caller, body: { businessId: business._id, clientId: user._id } });
      expect(res.status).toBe(403);
    }
    expect(writes()).toHaveLength(0);
  });

  it('answers 404 for an unknown business and 400 naming a missing clientId', async () => {
    const { clientSignedIn, user } = pair();
    expect(
      (await invoke(createChatRoom, { caller: clientSignedIn, body: { businessId: randomUUID(), clientId: user._id } }))
        .status,
    ).toBe(404);
    const bad = await invoke(createChatRoom, { caller: clientSignedIn, body: { businessId: 'b' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('clientId');
  });
});

describe('GET /chat/businessRooms and /chat/getUserRooms', () => {
  it("answer only for the caller's own cognitoId", async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const business = businessCaller();
    const client = clientCaller();
    expect((await invoke(listBusinessRooms, { caller: business, query: { cognitoId: business.sub } })).status).toBe(
      200,
    );
    expect(ddbMock.commandCalls(QueryCommand)[0].args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ExpressionAttributeValues: { ':pk': `BROOMS#${business.sub}` },
    });
    expect((await invoke(listBusinessRooms, { caller: business, query: { cognitoId: randomUUID() } })).status).toBe(
      403,
    );
    expect((await invoke(listBusinessRooms, { caller: client, query: { cognitoId: client.sub } })).status).toBe(403);
    expect((await invoke(listUserRooms, { caller: client, query: { cognitoId: client.sub } })).status).toBe(200);
    expect(ddbMock.commandCalls(QueryCommand)[1].args[0].input).toMatchObject({
      IndexName: 'GSI2',
      ExpressionAttributeValues: { ':pk': `UROOMS#${client.sub}` },
    });
    expect((await invoke(listUserRooms, { caller: client, query: { cognitoId: business.sub } })).status).toBe(403);
    const missing = await invoke(listUserRooms, { caller: client });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('cognitoId');
  });
});

describe('a room list reads only its Query', () => {
  const room = (n: number) => ({
    ...keys.room(`b${n}`, `u${n}`),
    _id: `room-${n}`,
    businessId: `b${n}`,
    clientId: `u${n}`,
    businessCognitoId: `bs${n}`,
    clientCognitoId: `us${n}`,
    user: { username: `Client ${n}` },
    business: { businessName: `Studio ${n}`, location: 'Tiranë' },
    createdAt: `2026-11-0${n}T10:00:00.000Z`,
    userRevision: 2,
    businessVersion: '2026-11-01T00:00:00.000Z',
  });

  it('answers rooms carrying versioned copies of both members with no other read', async () => {
    const client = clientCaller();
    ddbMock.on(QueryCommand).resolves({ Items: [room(1), room(2)] });
    const res = await invoke(listUserRooms, { caller: client, query: { cognitoId: client.sub } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((r: { user: { username: string } }) => r.user.username)).toEqual(['Client 1', 'Client 2']);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});

describe('POST /chat/token', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: 'demo-marketplace',
    client_email: 'chat@demo-marketplace.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  afterEach(() => {
    delete process.env.FIREBASE_SERVICE_ACCOUNT;
    delete process.env.FIREBASE_SECRET_ARN;
    forgetServiceAccount();
  });

  it('answers 503 "Chat is not configured" without a service account', async () => {
    delete process.env.FIREBASE_SERVICE_ACCOUNT;
    const res = await invoke(createChatToken, { caller: clientCaller(), body: {} });
    expect(res).toMatchObject({
      status: 503,
      body: { message: 'Chat is not configured', code: 'CHAT_NOT_CONFIGURED' },
    });
  });

  it("mints a Firebase custom token for the caller's sub, signed with the service account key, with the role", async () => {
    process.env.FIREBASE_SERVICE_ACCOUNT = JSON.stringify(serviceAccount);
    const caller = businessCaller();
    givenItem(keys.account(caller.sub), { sub: caller.sub, role: 'business', id: 'biz-1' });
    const res = await invoke(createChatToken, { caller, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.uid).toBe(caller.sub);
    const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
    const { payload, protectedHeader } = await jwtVerify(res.body.token, key, {
      issuer: serviceAccount.client_email,
      audience: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      uid: caller.sub,
      sub: serviceAccount.client_email,
      claims: { role: 'business', accountId: 'biz-1' },
    });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
  });

  it('answers 401 signed out', async () => {
    const res = await invoke(createChatToken, { caller: null, body: {} });
    expect(res.status).toBe(401);
  });

  it('reads the service account from the secret named by FIREBASE_SECRET_ARN when the env JSON is absent', async () => {
    process.env.FIREBASE_SECRET_ARN = 'arn:aws:secretsmanager:eu-central-1:123:secret:fb';
    const asked: string[] = [];
    const account = await loadServiceAccount(async (id) => {
      asked.push(id);
      return JSON.stringify(serviceAccount);
    });
    expect(account.client_email).toBe(serviceAccount.client_email);
    expect(asked).toEqual(['arn:aws:secretsmanager:eu-central-1:123:secret:fb']);
    // A secret still holding the deploy-time placeholder is refused.
    forgetServiceAccount();
    await expect(loadServiceAccount(async () => JSON.stringify({ placeholder: 'put the key here' }))).rejects.toThrow(
      /client_email/,
    );
  });

  it('answers 503 "not configured" when the secret cannot be read (access refused)', async () => {
    process.env.FIREBASE_SECRET_ARN = 'arn:aws:secretsmanager:eu-central-1:123:secret:fb';
    const secrets = mockClient(SecretsManagerClient);
    secrets.on(GetSecretValueCommand).rejects(
      Object.assign(new Error('not allowed'), {
        name: 'AccessDeniedException',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    try {
      const res = await invoke(createChatToken, { caller: clientCaller(), body: {} });
      expect(res).toMatchObject({
        status: 503,
        body: { message: 'Chat is not configured', code: 'CHAT_NOT_CONFIGURED' },
      });
    } finally {
      secrets.restore();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when Secrets Manager cannot be reached', async () => {
    process.env.FIREBASE_SECRET_ARN = 'arn:aws:secretsmanager:eu-central-1:123:secret:fb';
    const secrets = mockClient(SecretsManagerClient);
    secrets
      .on(GetSecretValueCommand)
      .rejects(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      const res = await invoke(createChatToken, { caller: clientCaller(), body: {} });
      expect(res).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      secrets.restore();
    }
  });
});
