/**
 * Accounts and profiles through the local gateway with real tokens: creating the record of one's own
 * account once, reading profiles, and only the owner changing them (refused calls change nothing).
 */
import { describe, expect, it } from 'vitest';
import { call, newAccount, newBusiness, newClient, uploadPicture } from '../support/api';

describe('client records', () => {
  it("creates the caller's record once; reads it by sub and by id", async () => {
    const acc = await newAccount('client');
    const created = await call('POST', '/user', {
      token: acc.idToken,
      body: { email: acc.email, cognitoId: acc.sub, username: 'Ana Hoxha' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cognitoId: acc.sub, username: 'Ana Hoxha', email: acc.email });

    const bySub = await call('GET', `/user/cognito/${acc.sub}`, { token: acc.idToken });
    expect(bySub.status).toBe(200);
    expect(bySub.body._id).toBe(created.body._id);
    const other = await newAccount('business');
    const byId = await call('GET', `/user/${created.body._id}`, { token: other.idToken });
    expect(byId.body).toMatchObject({ username: 'Ana Hoxha' });
    // A client's email is for the client alone: another user reading the profile does not get it.
    expect(byId.body).not.toHaveProperty('email');
    const ownById = await call('GET', `/user/${created.body._id}`, { token: acc.idToken });
    expect(ownById.body).toMatchObject({ username: 'Ana Hoxha', email: acc.email });

    const again = await call('POST', '/user', {
      token: acc.idToken,
      body: { email: acc.email, cognitoId: acc.sub, username: 'Twice' },
    });
    expect(again.status).toBe(409);
    expect((await call('GET', `/user/cognito/${acc.sub}`, { token: acc.idToken })).body).toMatchObject({
      _id: created.body._id,
      username: 'Ana Hoxha',
    });
  });

  it("GET /account answers the caller's own record, or profile null (200) before it exists, for both roles", async () => {
    const client = await newAccount('client');
    expect(await call('GET', '/account', { token: client.idToken })).toMatchObject({
      status: 200,
      body: { profile: null },
    });
    const created = await call('POST', '/user', {
      token: client.idToken,
      body: { email: client.email, cognitoId: client.sub, username: 'Drita Leka' },
    });
    expect(created.status).toBe(201);
    const own = await call('GET', '/account', { token: client.idToken });
    expect(own).toMatchObject({ status: 200, body: { profile: { _id: created.body._id, email: client.email } } });
    expect(own.body.profile).toEqual(
      (await call('GET', `/user/cognito/${client.sub}`, { token: client.idToken })).body,
    );

    const business = await newAccount('business');
    expect((await call('GET', '/account', { token: business.idToken })).body).toEqual({ profile: null });
    const studio = await call('POST', '/business', {
      token: business.idToken,
      body: { email: business.email, cognitoId: business.sub, businessName: 'Studio Leka', location: 'Tirana' },
    });
    expect(studio.status).toBe(201);
    const ownStudio = await call('GET', '/account', { token: business.idToken });
    expect(ownStudio.body.profile).toMatchObject({ _id: studio.body._id, businessName: 'Studio Leka' });
    // Each caller gets their own record only, whoever else exists.
    expect((await call('GET', '/account', { token: client.idToken })).body.profile._id).toBe(created.body._id);
  });

  it('many concurrent creates for one account leave exactly one record', async () => {
    const acc = await newAccount('client');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/user', {
          token: acc.idToken,
          body: { email: acc.email, cognitoId: acc.sub, username: `Try ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const winner = results.find((r) => r.status === 201)!.body;
    expect((await call('GET', `/user/cognito/${acc.sub}`, { token: acc.idToken })).body._id).toBe(winner._id);
  });

  it('refuses a record for another sub, for the wrong role, and with a missing field; nothing is created', async () => {
    const acc = await newAccount('client');
    const biz = await newAccount('business');
    expect(
      (await call('POST', '/user', { token: acc.idToken, body: { cognitoId: biz.sub, username: 'X' } })).status,
    ).toBe(403);
    expect(
      (await call('POST', '/user', { token: biz.idToken, body: { cognitoId: biz.sub, username: 'X' } })).status,
    ).toBe(403);
    const missing = await call('POST', '/user', { token: acc.idToken, body: { cognitoId: acc.sub } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'username' }));
    expect((await call('GET', `/user/cognito/${acc.sub}`, { token: acc.idToken })).status).toBe(404);
    expect((await call('GET', `/user/cognito/${biz.sub}`, { token: acc.idToken })).status).toBe(404);
  });

  it('lets only the owner update the profile; ignores fields a client may not set', async () => {
    const owner = await newClient({ username: 'Owner Name' });
    const intruder = await newClient();
    const biz = await newBusiness();

    const refused = await call('PUT', `/user/${owner.userId}`, { token: intruder.token, body: { username: 'Hacked' } });
    expect(refused.status).toBe(403);
    expect(
      (await call('PUT', `/user/${owner.userId}`, { token: biz.token, body: { username: 'Hacked' } })).status,
    ).toBe(403);
    expect((await call('GET', `/user/${owner.userId}`, { token: owner.token })).body.username).toBe('Owner Name');

    const res = await call('PUT', `/user/${owner.userId}`, {
      token: owner.token,
      body: {
        username: 'New Name',
        location: 'Shkodër',
        email: 'stolen@test.al',
        cognitoId: intruder.sub,
        _id: 'other',
      },
    });
    expect(res.status).toBe(200);
    const after = (await call('GET', `/user/${owner.userId}`, { token: owner.token })).body;
    expect(after).toMatchObject({
      _id: owner.userId,
      cognitoId: owner.sub,
      username: 'New Name',
      location: 'Shkodër',
      email: owner.email,
    });

    const bad = await call('PUT', `/user/${owner.userId}`, { token: owner.token, body: { location: 'Gotham' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('location');
    expect((await call('PUT', '/user/no-such-user', { token: owner.token, body: { username: 'X' } })).status).toBe(404);
  });
});

describe('business records', () => {
  it('creates, reads by sub and id, and refuses a second create', async () => {
    const acc = await newAccount('business');
    const body = { email: acc.email, cognitoId: acc.sub, businessName: 'Studio Drita', location: 'Vlorë' };
    const created = await call('POST', '/business', { token: acc.idToken, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      businessName: 'Studio Drita',
      location: 'Vlorë',
      categories: [],
      showroom: [],
      plan: 'basic',
    });
    expect((await call('GET', `/business/cognito/${acc.sub}`, { token: acc.idToken })).body._id).toBe(created.body._id);
    const read = await call('GET', `/business/${created.body._id}`, { token: acc.idToken });
    expect(read.body).toMatchObject({ _id: created.body._id, offersCount: 0, finishedJobsCount: 0 });
    expect((await call('POST', '/business', { token: acc.idToken, body })).status).toBe(409);
    expect((await call('GET', '/business/does-not-exist', { token: acc.idToken })).status).toBe(404);
  });

  it('a client token cannot create a business; a town outside the list is a 400', async () => {
    const client = await newAccount('client');
    expect(
      (
        await call('POST', '/business', {
          token: client.idToken,
          body: { cognitoId: client.sub, businessName: 'X', location: 'Tirana' },
        })
      ).status,
    ).toBe(403);
    const biz = await newAccount('business');
    const bad = await call('POST', '/business', {
      token: biz.idToken,
      body: { cognitoId: biz.sub, businessName: 'X', location: 'Milano' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('location');
  });

  it('owner updates profile and showroom; others are refused and change nothing', async () => {
    const owner = await newBusiness({ businessName: 'Mobilieri Arti' });
    const other = await newBusiness();
    const categories = (await call('GET', '/category/all', { token: owner.token })).body as {
      _id: string;
      name: string;
    }[];
    const decor = categories.find((c) => c.name === 'Decor')!._id;

    const upd = await call('PUT', `/business/${owner.businessId}`, {
      token: owner.token,
      body: {
        description: 'Handmade furniture',
        categories: [decor],
        location: 'Berat',
        plan: 'premium',
        offers: ['x'],
      },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      description: 'Handmade furniture',
      categories: [decor],
      location: 'Berat',
      plan: 'basic',
    });

    const showroom = await call('PUT', `/business/${owner.businessId}`, {
      token: owner.token,
      body: { showroom: [await uploadPicture(owner), await uploadPicture(owner)] },
    });
    expect(showroom.status).toBe(200);
    expect(showroom.body.showroom).toHaveLength(2);
    expect(showroom.body.showroom[0]).toMatch(/^https?:\/\/.+\/images\/.+\/1280\.webp$/);
    // Sending the addresses back (as the catalogue screen does) keeps the same keys.
    const resend = await call('PUT', `/business/${owner.businessId}`, {
      token: owner.token,
      body: { showroom: showroom.body.showroom },
    });
    expect(resend.body.showroom).toEqual(showroom.body.showroom);

    expect(
      (await call('PUT', `/business/${owner.businessId}`, { token: other.token, body: { showroom: [] } })).status,
    ).toBe(403);
    // Only files the business uploaded itself.
    const foreign = await call('PUT', `/business/${owner.businessId}`, {
      token: owner.token,
      body: {
        showroom: [...showroom.body.showroom, `uploads/${other.sub}/theirs.png`],
        profilePicture: `uploads/${other.sub}/logo.png`,
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.map((e: { field: string }) => e.field)).toEqual(['profilePicture', 'showroom.2']);
    const unknownCat = await call('PUT', `/business/${owner.businessId}`, {
      token: owner.token,
      body: { categories: ['no-such-category'] },
    });
    expect(unknownCat.status).toBe(400);
    expect(unknownCat.body.errors[0].field).toBe('categories');
    const after = (await call('GET', `/business/${owner.businessId}`, { token: other.token })).body;
    expect(after).toMatchObject({
      description: 'Handmade furniture',
      categories: [decor],
      showroom: showroom.body.showroom,
    });
  });
});

describe('the language an account chose', () => {
  it('is kept from the profile creation and changed by the owner alone, for clients and businesses', async () => {
    const client = await newClient({ language: 'en' });
    const business = await newBusiness({ language: 'sq' });
    const stranger = await newClient();
    const cases = [
      { owner: client, path: `/user/${client.userId}`, created: 'en', chosen: 'sq' },
      { owner: business, path: `/business/${business.businessId}`, created: 'sq', chosen: 'en' },
    ];
    for (const { owner, path, created, chosen } of cases) {
      expect((await call('GET', path, { token: owner.token })).body.language, path).toBe(created);

      const saved = await call('PUT', path, { token: owner.token, body: { language: chosen } });
      expect(saved.status, path).toBe(200);
      expect(saved.body.language, path).toBe(chosen);
      expect((await call('GET', path, { token: owner.token })).body.language, path).toBe(chosen);

      // Someone else cannot change it, and does not see it.
      expect((await call('PUT', path, { token: stranger.token, body: { language: created } })).status, path).toBe(403);
      const seen = await call('GET', path, { token: stranger.token });
      expect(seen.status, path).toBe(200);
      expect(seen.body, path).not.toHaveProperty('language');
      expect((await call('GET', path, { token: owner.token })).body.language, path).toBe(chosen);
    }
  });

  it('refuses a language the product does not speak, naming the field, and changes nothing', async () => {
    const client = await newClient({ language: 'sq' });
    const business = await newBusiness();
    for (const [path, token] of [
      [`/user/${client.userId}`, client.token],
      [`/business/${business.businessId}`, business.token],
    ]) {
      const refused = await call('PUT', path, { token, body: { language: 'de' } });
      expect(refused.status, path).toBe(400);
      expect(refused.body.errors, path).toContainEqual(expect.objectContaining({ field: 'language' }));
    }
    expect((await call('GET', `/user/${client.userId}`, { token: client.token })).body.language).toBe('sq');
    expect((await call('GET', `/business/${business.businessId}`, { token: business.token })).body).not.toHaveProperty(
      'language',
    );

    const acc = await newAccount('client');
    const bad = await call('POST', '/user', {
      token: acc.idToken,
      body: { cognitoId: acc.sub, username: 'Ana', language: 'EN' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ field: 'language' }));
    expect((await call('GET', `/user/cognito/${acc.sub}`, { token: acc.idToken })).status).toBe(404);
  });
});
