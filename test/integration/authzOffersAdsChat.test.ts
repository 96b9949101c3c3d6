/**
 * Authorization matrix of the offers, reviews, ads, payments and chat routes: every route called
 * signed out (401), with the wrong role (403) and as another user of the right role (403), and the
 * whole state those routes touch read back afterwards to show the refused calls changed nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newAccount,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { paidAd } from '../support/payments';

let owner: Client;
let stranger: Client;
let business: BusinessAccount;
let otherBusiness: BusinessAccount;
let post: { _id: string };
let acceptedPost: { _id: string };
let reviewedPost: { _id: string };
let offerId: string;
let adId: string;
let adImage: string;

beforeAll(async () => {
  [owner, stranger, business, otherBusiness] = await Promise.all([
    newClient(),
    newClient(),
    newBusiness(),
    newBusiness(),
  ]);
  post = await newPost(owner);
  acceptedPost = await newPost(owner, { title: 'Accepted one' });
  offerId = (await newOffer(business, post._id))._id;
  const accepted = await newOffer(business, acceptedPost._id);
  expect((await setStatus(owner, accepted._id, 'accepted')).status).toBe(200);
  // A reviewed job of the business, with its reply, for the reply route.
  reviewedPost = await newPost(owner, { title: 'Reviewed one' });
  const done = await newOffer(business, reviewedPost._id);
  expect((await setStatus(owner, done._id, 'accepted')).status).toBe(200);
  const review = { postId: reviewedPost._id, businessId: business.businessId, rating: 4, review: 'Good' };
  expect((await call('POST', '/finishedJobs', { token: owner.token, body: review })).status).toBe(201);
  const reply = { token: business.token, body: { text: 'Thank you' } };
  expect((await call('PUT', `/post/${reviewedPost._id}/review/reply`, reply)).status).toBe(200);
  adImage = await uploadPicture(business);
  adId = (await paidAd(business, { image: adImage }))._id;
  expect(
    (
      await call('POST', '/chat/createRoom', {
        token: owner.token,
        body: { businessId: business.businessId, clientId: owner.userId },
      })
    ).status,
  ).toBe(201);
});

/** Everything the routes below could change, read by the legitimate owners. */
async function snapshot() {
  const get = async (path: string, token: string) => {
    const res = await call('GET', path, { token });
    return { status: res.status, body: res.body };
  };
  return {
    postOffers: await get(`/getPostOffers/${post._id}`, owner.token),
    acceptedPostOffers: await get(`/getPostOffers/${acceptedPost._id}`, owner.token),
    post: await get(`/post/${post._id}`, owner.token),
    acceptedPost: await get(`/post/${acceptedPost._id}`, owner.token),
    businessOffers: await get(`/business/offers/${business.businessId}`, business.token),
    otherBusinessOffers: await get(`/business/offers/${otherBusiness.businessId}`, otherBusiness.token),
    jobs: await get(`/getBusinessFinishedJobs/${business.businessId}`, owner.token),
    ads: await get(`/business/ads/${business.businessId}`, owner.token),
    otherAds: await get(`/business/ads/${otherBusiness.businessId}`, owner.token),
    txns: await get(`/paymentTransaction/bussines/${business.sub}`, business.token),
    otherTxns: await get(`/paymentTransaction/bussines/${otherBusiness.sub}`, otherBusiness.token),
    businessProfile: await get(`/business/${business.businessId}`, owner.token),
    otherBusinessProfile: await get(`/business/${otherBusiness.businessId}`, owner.token),
    ownerRooms: await get(`/chat/getUserRooms?cognitoId=${owner.sub}`, owner.token),
    strangerRooms: await get(`/chat/getUserRooms?cognitoId=${stranger.sub}`, stranger.token),
    businessRooms: await get(`/chat/businessRooms?cognitoId=${business.sub}`, business.token),
    otherBusinessRooms: await get(`/chat/businessRooms?cognitoId=${otherBusiness.sub}`, otherBusiness.token),
  };
}

interface Route {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  /** Callers of the wrong role (refused by the route's role). */
  wrongRole?: () => string;
  /** Callers of the right role that are not the owner / member. */
  otherUser?: () => string;
}

const routes: Route[] = [
  {
    name: 'GET /getPostOffers/{postId}',
    method: 'GET',
    path: () => `/getPostOffers/${post._id}`,
    otherUser: () => stranger.token,
  },
  {
    name: 'POST /offer',
    method: 'POST',
    path: () => '/offer',
    body: () => ({ postId: post._id, businessId: business.businessId, price: 10, message: 'Sneaky' }),
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'DELETE /offer/{id}',
    method: 'DELETE',
    path: () => `/offer/${offerId}`,
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'PUT /offer/{id}',
    method: 'PUT',
    path: () => `/offer/${offerId}`,
    body: () => ({ price: 1, message: 'Revised by someone else' }),
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'POST /post/{id}/close',
    method: 'POST',
    path: () => `/post/${post._id}/close`,
    wrongRole: () => business.token,
    otherUser: () => stranger.token,
  },
  {
    name: 'POST /post/{id}/reopen',
    method: 'POST',
    path: () => `/post/${acceptedPost._id}/reopen`,
    wrongRole: () => business.token,
    otherUser: () => stranger.token,
  },
  {
    name: 'PUT /offer/status',
    method: 'PUT',
    path: () => '/offer/status',
    body: () => ({ offerId, newStatus: 'accepted' }),
    wrongRole: () => business.token,
    otherUser: () => stranger.token,
  },
  {
    name: 'POST /finishedJobs',
    method: 'POST',
    path: () => '/finishedJobs',
    body: () => ({ postId: acceptedPost._id, businessId: business.businessId, rating: 1, review: 'Fake' }),
    wrongRole: () => business.token,
    otherUser: () => stranger.token,
  },
  {
    name: 'PUT /post/{id}/review/reply',
    method: 'PUT',
    path: () => `/post/${reviewedPost._id}/review/reply`,
    body: () => ({ text: 'Rewritten by someone else' }),
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'GET /business/offers/{id}',
    method: 'GET',
    path: () => `/business/offers/${business.businessId}`,
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'GET /getBusinessFinishedJobs/{id}',
    method: 'GET',
    path: () => `/getBusinessFinishedJobs/${business.businessId}`,
  },
  { name: 'GET /ads', method: 'GET', path: () => '/ads' },
  {
    name: 'POST /ad',
    method: 'POST',
    path: () => '/ad',
    body: () => ({ businessId: business.businessId, image: adImage }),
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'DELETE /ad/{id}',
    method: 'DELETE',
    path: () => `/ad/${adId}`,
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  { name: 'GET /business/ads/{id}', method: 'GET', path: () => `/business/ads/${business.businessId}` },
  // A run's figures: its business only.
  {
    name: 'GET /ad/{id}',
    method: 'GET',
    path: () => `/ad/${adId}`,
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'POST /ad/{id}/click',
    method: 'POST',
    path: () => `/ad/${adId}/click`,
    body: () => ({ view: 'authz-view-1' }),
  },
  {
    name: 'GET /paymentTransaction/bussines/{sub}',
    method: 'GET',
    path: () => `/paymentTransaction/bussines/${business.sub}`,
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  // A business acts on its own plan only: there is no "other business" to impersonate.
  {
    name: 'POST /subscription',
    method: 'POST',
    path: () => '/subscription',
    body: () => ({ plan: 'premium' }),
    wrongRole: () => owner.token,
  },
  { name: 'GET /subscription', method: 'GET', path: () => '/subscription', wrongRole: () => owner.token },
  { name: 'POST /subscription/card', method: 'POST', path: () => '/subscription/card', wrongRole: () => owner.token },
  { name: 'GET /business/statistics', method: 'GET', path: () => '/business/statistics', wrongRole: () => owner.token },
  {
    name: 'POST /chat/createRoom (as a stranger client)',
    method: 'POST',
    path: () => '/chat/createRoom',
    body: () => ({ businessId: business.businessId, clientId: owner.userId }),
    otherUser: () => stranger.token,
  },
  {
    name: 'POST /chat/createRoom (as another business)',
    method: 'POST',
    path: () => '/chat/createRoom',
    body: () => ({ businessId: business.businessId, clientId: owner.userId }),
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'GET /chat/businessRooms',
    method: 'GET',
    path: () => `/chat/businessRooms?cognitoId=${business.sub}`,
    wrongRole: () => owner.token,
    otherUser: () => otherBusiness.token,
  },
  {
    name: 'GET /chat/getUserRooms',
    method: 'GET',
    path: () => `/chat/getUserRooms?cognitoId=${owner.sub}`,
    wrongRole: () => business.token,
    otherUser: () => stranger.token,
  },
  { name: 'POST /chat/token', method: 'POST', path: () => '/chat/token' },
];

describe('authorization matrix: offers, reviews, ads, payments, chat', () => {
  it('refuses every call it must, and the refused calls change nothing', async () => {
    const before = await snapshot();
    // The read-back itself works: every owner read answers 200 (and the set-up left real data to protect).
    expect(Object.entries(before).filter(([, v]) => v.status !== 200)).toEqual([]);
    expect(before.postOffers.body).toHaveLength(1);
    expect(before.ads.body).toHaveLength(1);
    expect(before.jobs.body).toMatchObject([{ reply: { text: 'Thank you' } }]);
    expect(before.ownerRooms.body).toHaveLength(1);
    const unknownRole = await newAccount('admin');
    const refusals: { route: string; who: string; status: number; expected: number }[] = [];
    const attempt = async (r: Route, who: string, token: string | undefined, expected: number) => {
      const res = await call(r.method, r.path(), { token, body: r.body?.() });
      refusals.push({ route: r.name, who, status: res.status, expected });
      if (res.status !== 401) expect(res.body, `${r.name} as ${who}`).toHaveProperty('message');
    };
    for (const r of routes) {
      await attempt(r, 'signed out', undefined, 401);
      await attempt(r, 'bad token', `${owner.token.slice(0, -4)}AAAA`, 401);
      await attempt(r, 'unknown account type', unknownRole.idToken, 403);
      if (r.wrongRole) await attempt(r, 'wrong role', r.wrongRole(), 403);
      if (r.otherUser) await attempt(r, 'another user of the right role', r.otherUser(), 403);
    }
    expect(refusals.length).toBeGreaterThan(70);
    expect(refusals.filter((x) => x.status !== x.expected)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a business that made no offer on a post sees no offers of it', async () => {
    const res = await call('GET', `/getPostOffers/${post._id}`, { token: otherBusiness.token });
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});
