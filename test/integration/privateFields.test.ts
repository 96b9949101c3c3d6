/**
 * Private fields of profiles (docs/api.md, "API conventions"): a client's email and language, a business's
 * email, plan and language are answered only to their owner. Every route of common/routes.ts that answers records is
 * called by other signed-in users of each role, and the whole answer tree is searched for another
 * user's private fields; the owners still see theirs.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, routeKey } from '../../common/routes';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { paidAd, paidPlan } from '../support/payments';

/** Keys that hold private fields of a profile. */
const PRIVATE_KEYS = ['email', 'plan', 'senderEmail', 'language'];

type Viewer = Client | BusinessAccount;

/** Every private field in `tree` that does not belong to `viewer` (the object's cognitoId is not the viewer's), with its path. */
function foreignPrivateFields(tree: unknown, viewer: Viewer, secrets: string[], path = '$'): string[] {
  if (typeof tree === 'string') return secrets.some((s) => tree.includes(s)) ? [`${path} = ${tree}`] : [];
  if (Array.isArray(tree)) return tree.flatMap((v, i) => foreignPrivateFields(v, viewer, secrets, `${path}[${i}]`));
  if (!tree || typeof tree !== 'object') return [];
  const obj = tree as Record<string, unknown>;
  const own = obj.cognitoId === viewer.sub;
  return Object.entries(obj).flatMap(([k, v]) => [
    ...(!own && PRIVATE_KEYS.includes(k) ? [`${path}.${k} (key)`] : []),
    ...foreignPrivateFields(v, viewer, secrets, `${path}.${k}`),
  ]);
}

let client: Client;
let business: BusinessAccount;
let postId: string;
let roomId: string;
let adId: string;
let word: string;
let paymentId: string;
let ideaId: string;
let boardId: string;
let donePostId: string;

beforeAll(async () => {
  word = `pf${randomBytes(4).toString('hex').replace(/\d/g, 'q')}`;
  client = await newClient({ username: 'Private Client', language: 'sq' });
  business = await newBusiness({ businessName: `${word} Private Studio`, language: 'en' });
  await paidPlan(business, 'premium');
  const open = await newPost(client, { title: `Open ${word}` });
  postId = open._id;
  await newOffer(business, open._id);
  // A finished job with a review, an ad and a chat room of the pair.
  const done = await newPost(client, { title: `Done ${word}` });
  const offer = await newOffer(business, done._id);
  expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
  expect(
    (
      await call('POST', '/finishedJobs', {
        token: client.token,
        body: { postId: done._id, businessId: business.businessId, rating: 5, review: 'Great' },
      })
    ).status,
  ).toBe(201);
  const ad = await paidAd(business);
  adId = ad._id;
  paymentId = ad.transaction.id;
  const room = await call('POST', '/chat/createRoom', {
    token: client.token,
    body: { businessId: business.businessId, clientId: client.userId },
  });
  expect(room.status).toBe(201);
  roomId = room.body._id;
  // A picture of the finished job among the ideas, and a board of the client's holding it, shared by link.
  const picture = await uploadPicture(business);
  let tagged = await call('POST', '/ideas', {
    token: business.token,
    body: { picture, postId: done._id, room: 'kitchen', service: 'furniture' },
  });
  for (let again = 0; tagged.status === 409 && tagged.body?.code === 'IMAGE_PROCESSING' && again < 10; again++) {
    await new Promise((r) => setTimeout(r, 500));
    tagged = await call('POST', '/ideas', {
      token: business.token,
      body: { picture, postId: done._id, room: 'kitchen', service: 'furniture' },
    });
  }
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(201);
  ideaId = tagged.body._id;
  donePostId = done._id;
  const board = await call('POST', '/boards', { token: client.token, body: { name: 'Private board' } });
  boardId = board.body._id;
  expect((await call('PUT', `/boards/${boardId}/ideas/${ideaId}`, { token: client.token })).status).toBe(200);
  expect((await call('PUT', `/boards/${boardId}`, { token: client.token, body: { shared: true } })).status).toBe(200);
});

/**
 * How each route is called by a viewer, or why it is not walked. Every route of the table must be
 * here: a new route fails this test until someone decides what it answers to others.
 */
const requests: Record<string, ((v: Viewer) => { method: string; path: string; body?: unknown }) | string> = {
  'POST /user': "creates the caller's own profile",
  'POST /business': "creates the caller's own profile",
  'GET /account': "answers the caller's own record",
  'GET /user/cognito/{sub}': () => ({ method: 'GET', path: `/user/cognito/${client.sub}` }),
  'GET /business/cognito/{sub}': () => ({ method: 'GET', path: `/business/cognito/${business.sub}` }),
  'GET /user/{id}': () => ({ method: 'GET', path: `/user/${client.userId}` }),
  'PUT /user/{id}': () => ({ method: 'PUT', path: `/user/${client.userId}`, body: { username: 'Not Mine' } }),
  'GET /business/search': () => ({ method: 'GET', path: `/business/search?name=${word}` }),
  'GET /business/{id}': () => ({ method: 'GET', path: `/business/${business.businessId}` }),
  'PUT /business/{id}': () => ({
    method: 'PUT',
    path: `/business/${business.businessId}`,
    body: { description: 'Not mine' },
  }),
  'GET /business/offers/{id}': () => ({ method: 'GET', path: `/business/offers/${business.businessId}` }),
  'GET /business/ads/{id}': () => ({ method: 'GET', path: `/business/ads/${business.businessId}` }),
  'GET /getBusinessFinishedJobs/{id}': () => ({
    method: 'GET',
    path: `/getBusinessFinishedJobs/${business.businessId}`,
  }),
  'GET /business/statistics': "answers the caller's own figures (no profile in them)",
  'POST /business/{id}/views': () => ({ method: 'POST', path: `/business/${business.businessId}/views` }),
  'POST /business/{id}/page-views': 'public: answers {counted} only',
  'GET /category/all': () => ({ method: 'GET', path: '/category/all' }),
  'GET /post/available': () => ({ method: 'GET', path: '/post/available?limit=100' }),
  'GET /post/filtred': () => ({ method: 'GET', path: '/post/filtred?locations=Durr%C3%ABs&limit=100' }),
  'GET /post/suggested': () => ({ method: 'GET', path: '/post/suggested' }),
  'GET /post/user/{userId}': () => ({ method: 'GET', path: `/post/user/${client.userId}` }),
  'GET /post/{id}': () => ({ method: 'GET', path: `/post/${postId}` }),
  'POST /post': "creates the caller's own post",
  'DELETE /post/{id}': 'answers {message, _id} only',
  // Walked by others (refused); the owner's answer is a post, which carries no profile.
  'POST /post/{id}/close': () => ({ method: 'POST', path: `/post/${postId}/close` }),
  'POST /post/{id}/reopen': () => ({ method: 'POST', path: `/post/${postId}/reopen` }),
  'GET /getPostOffers/{postId}': () => ({ method: 'GET', path: `/getPostOffers/${postId}` }),
  'POST /offer': (v) => ({
    method: 'POST',
    path: '/offer',
    body: { postId, businessId: 'businessId' in v ? v.businessId : 'x', price: 10, message: 'Hi' },
  }),
  'DELETE /offer/{id}': 'answers {message, _id} only',
  'PUT /offer/status': "only the post's owner changes an offer",
  'PUT /offer/{id}': "answers the caller's own offer (no profile in it)",
  'POST /offer/{id}/counter': "only the request's client counters; answers the offer (no profile in it)",
  'POST /offer/{id}/answer': "only the offer's business answers; answers the offer (no profile in it)",
  'POST /finishedJobs': "only the post's owner reviews",
  'PUT /post/{id}/review/reply': 'answers the review (a finished job), which carries no profile',
  'GET /ads': () => ({ method: 'GET', path: '/ads?limit=100' }),
  'POST /ad': "answers the caller's own ad and transaction",
  'DELETE /ad/{id}': 'answers {message, _id} only',
  // Only the run's business is answered (others 403); its business's own figures, no profile.
  'GET /ad/{id}': () => ({ method: 'GET', path: `/ad/${adId}` }),
  'POST /ad/{id}/click': () => ({ method: 'POST', path: `/ad/${adId}/click`, body: { view: 'private-fields-view' } }),
  // Another business's run: refused (only its business stops it); the refusal must still carry nothing private.
  'POST /ad/{id}/stop': () => ({ method: 'POST', path: `/ad/${adId}/stop` }),
  'GET /paymentTransaction/bussines/{sub}': () => ({
    method: 'GET',
    path: `/paymentTransaction/bussines/${business.sub}`,
  }),
  'POST /subscription': "answers the caller's own plan",
  'GET /subscription': "answers the caller's own plan and its use",
  'POST /subscription/card': "answers the checkout of the caller's own card",
  // Another business's payment: refused (only its business sees it); the answer must still carry nothing private.
  'GET /payments/{id}': () => ({ method: 'GET', path: `/payments/${paymentId}` }),
  'GET /payments/{id}/receipt': () => ({ method: 'GET', path: `/payments/${paymentId}/receipt` }),
  'POST /payments/webhook': "the payment provider's signed notices: answers {received} only, no profile",
  // Moderators only: these viewers are refused (NOT_MODERATOR).
  'GET /moderation/payments': () => ({ method: 'GET', path: '/moderation/payments' }),
  'POST /moderation/payments/{id}/refund': () => ({
    method: 'POST',
    path: `/moderation/payments/${paymentId}/refund`,
    body: { reason: 'Test refund' },
  }),
  // A room of the viewer with the other side: the answer embeds the client's or the business's profile.
  'POST /chat/createRoom': (v) => ({
    method: 'POST',
    path: '/chat/createRoom',
    body:
      'businessId' in v
        ? { businessId: v.businessId, clientId: client.userId }
        : { businessId: business.businessId, clientId: v.userId },
  }),
  'GET /chat/businessRooms': () => ({ method: 'GET', path: `/chat/businessRooms?cognitoId=${business.sub}` }),
  'GET /chat/getUserRooms': () => ({ method: 'GET', path: `/chat/getUserRooms?cognitoId=${client.sub}` }),
  'POST /chat/token': 'answers a token for the caller',
  // The pair's room, walked by someone who is not a member (404), so nothing of it may show.
  'POST /chat/rooms/{roomId}/messages': () => ({
    method: 'POST',
    path: `/chat/rooms/${roomId}/messages`,
    body: { text: 'Hello' },
  }),
  'POST /chat/rooms/{roomId}/read': () => ({ method: 'POST', path: `/chat/rooms/${roomId}/read` }),
  'GET /chat/unread': () => ({ method: 'GET', path: '/chat/unread' }),
  'POST /chat/rooms/{roomId}/messages/{messageId}/report': () => ({
    method: 'POST',
    path: `/chat/rooms/${roomId}/messages/m1/report`,
    body: {},
  }),
  'PUT /chat/rooms/{roomId}/block': () => ({
    method: 'PUT',
    path: `/chat/rooms/${roomId}/block`,
    body: { blocked: true },
  }),
  // The viewer's own notifications (their own partition): none of another user's can show.
  'GET /notifications': () => ({ method: 'GET', path: '/notifications' }),
  'GET /notifications/unread': () => ({ method: 'GET', path: '/notifications/unread' }),
  'POST /notifications/read': () => ({ method: 'POST', path: '/notifications/read', body: { id: 'x' } }),
  'GET /notifications/preferences': () => ({ method: 'GET', path: '/notifications/preferences' }),
  'PUT /notifications/preferences': "answers the caller's own preferences",
  // Web Push: the stage's public key (the same for everyone), and the caller's own device (its id and time, never the keys).
  'GET /notifications/push/key': () => ({ method: 'GET', path: '/notifications/push/key' }),
  'POST /notifications/push': "answers the caller's own device: its id and when",
  'DELETE /notifications/push/{id}': () => ({ method: 'DELETE', path: '/notifications/push/x' }),
  'GET /notifications/unsubscribe': 'an HTML page naming the kind of email only',
  'POST /notifications/unsubscribe': 'an HTML page naming the kind of email only',
  // A report answers {_id, kind, targetId, createdAt}; the moderation routes refuse these viewers (no moderators),
  // and their entries hold an excerpt, the owner's sub and name, never an email.
  'POST /report': () => ({ method: 'POST', path: '/report', body: { kind: 'post', targetId: postId, reason: 'spam' } }),
  'GET /moderation/reports': () => ({ method: 'GET', path: '/moderation/reports' }),
  'POST /moderation/reports/{id}/decision': () => ({
    method: 'POST',
    path: '/moderation/reports/x/decision',
    body: { action: 'dismiss' },
  }),
  'GET /moderation/stats': () => ({ method: 'GET', path: '/moderation/stats' }),
  'POST /contactForm': 'answers {_id, message, createdAt} only',
  'POST /generatePresignedURL': 'answers an upload address of the caller',
  'GET /upload/state': "answers the processing state of the caller's own upload (no profile)",
  'GET /price-guide': 'answers price figures of accepted offers, no profile, no business, no client',
  // Operators only: these viewers are refused (NOT_OPERATOR); the answers are counts, no profile.
  'GET /operator/figures': () => ({ method: 'GET', path: '/operator/figures' }),
  'GET /operator/grid': () => ({ method: 'GET', path: '/operator/grid' }),
  'GET /operator/export': () => ({
    method: 'GET',
    path: '/operator/export?figure=requests&from=2026-01-05&to=2026-03-02',
  }),
  // The caller's own business's verification (no id in the path): nothing of another business can show.
  'POST /business/verification': () => ({
    method: 'POST',
    path: '/business/verification',
    body: { nipt: 'L21718020A', document: 'uploads/x/y.png' },
  }),
  'GET /business/verification': () => ({ method: 'GET', path: '/business/verification' }),
  // The caller's own data rights (no id in the path): nothing of another person can show.
  'GET /account/export': () => ({ method: 'GET', path: '/account/export' }),
  'POST /account/export': "asks for the caller's own copy; answers its state only (the ZIP holds only the caller's)",
  'GET /account/deletion': () => ({ method: 'GET', path: '/account/deletion' }),
  'POST /account/deletion': "closes the caller's own account (with its password); answers its status and date only",
  'DELETE /account/deletion': () => ({ method: 'DELETE', path: '/account/deletion' }),
  // Ideas carry their business's card (name, picture, rating, badge, town): never its email, plan or language.
  'GET /ideas': () => ({ method: 'GET', path: `/ideas?business=${business.businessId}` }),
  'POST /ideas': "tags the caller's own picture; answers the idea (its business's card, no profile)",
  'GET /ideas/{id}': () => ({ method: 'GET', path: `/ideas/${ideaId}` }),
  'DELETE /ideas/{id}': () => ({ method: 'DELETE', path: `/ideas/${ideaId}` }),
  // The job's client only (others refused): a band and counts, no profile.
  'GET /ideas/price-band/{postId}': () => ({ method: 'GET', path: `/ideas/price-band/${donePostId}` }),
  'PUT /ideas/price-band/{postId}': () => ({
    method: 'PUT',
    path: `/ideas/price-band/${donePostId}`,
    body: { show: true },
  }),
  // A board shared by link: its name, count and cover; its ideas with their business's card. Never its owner.
  'GET /boards': () => ({ method: 'GET', path: '/boards' }),
  'POST /boards': "creates the caller's own board",
  'GET /boards/{id}': () => ({ method: 'GET', path: `/boards/${boardId}` }),
  'PUT /boards/{id}': () => ({ method: 'PUT', path: `/boards/${boardId}`, body: { name: 'Not mine' } }),
  'DELETE /boards/{id}': () => ({ method: 'DELETE', path: `/boards/${boardId}` }),
  'GET /boards/{id}/ideas': () => ({ method: 'GET', path: `/boards/${boardId}/ideas` }),
  'PUT /boards/{id}/ideas/{ideaId}': () => ({ method: 'PUT', path: `/boards/${boardId}/ideas/${ideaId}` }),
  'DELETE /boards/{id}/ideas/{ideaId}': () => ({ method: 'DELETE', path: `/boards/${boardId}/ideas/${ideaId}` }),
  // Moderators only: these viewers are refused (NOT_MODERATOR).
  'GET /moderation/verifications': () => ({ method: 'GET', path: '/moderation/verifications' }),
  'POST /moderation/verifications/{businessId}/decision': () => ({
    method: 'POST',
    path: `/moderation/verifications/${business.businessId}/decision`,
    body: { approve: true },
  }),
};

describe('private fields of profiles', () => {
  it('the route table and this walk list the same routes', () => {
    expect(Object.keys(requests).sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(['client', 'business'] as const)(
    "a %s never sees another user's email, plan or language, on any route",
    async (role) => {
      const viewer = role === 'client' ? await newClient() : await newBusiness();
      const secrets = [client.email, business.email];
      let walked = 0;
      for (const route of routes) {
        const how = requests[routeKey(route)];
        if (typeof how !== 'function') continue;
        const { method, path, body } = how(viewer);
        const res = await call(method, path, { token: viewer.token, body });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        expect(foreignPrivateFields(res.body, viewer, secrets), `${method} ${path} answered ${res.status}`).toEqual([]);
        if (res.status === 200 || res.status === 201) walked++;
      }
      // The walk saw real answers, not only refusals.
      expect(walked).toBeGreaterThan(12);
    },
  );

  it('the records of the other users did show up in the walk (the test looks where they are)', async () => {
    const viewer = await newBusiness();
    const user = await call('GET', `/user/cognito/${client.sub}`, { token: viewer.token });
    expect(user.body).toMatchObject({ _id: client.userId, username: 'Private Client' });
    const biz = await call('GET', `/business/${business.businessId}`, { token: viewer.token });
    expect(biz.body).toMatchObject({ _id: business.businessId, businessName: `${word} Private Studio` });
    expect(biz.body).not.toHaveProperty('plan');
    expect(biz.body).not.toHaveProperty('language');
    expect(user.body).not.toHaveProperty('language');
  });

  it('the owners still see their own private fields', async () => {
    for (const path of [`/user/cognito/${client.sub}`, `/user/${client.userId}`]) {
      const res = await call('GET', path, { token: client.token });
      expect(res.body, path).toMatchObject({ email: client.email, language: 'sq' });
    }
    for (const path of [`/business/cognito/${business.sub}`, `/business/${business.businessId}`]) {
      const res = await call('GET', path, { token: business.token });
      expect(res.body, path).toMatchObject({ email: business.email, plan: 'premium', language: 'en' });
    }
  });
});
