/**
 * Authorization matrix of the ideas and boards routes: every route called signed out (401), with a bad token (401),
 * with an unknown account type (403), with the wrong role (403) and as another user of the right role (403, or 404
 * where the record is private to its owner: a board is its owner's unless shared by link; a tag change is the
 * picture's business's; a job's price band is its client's), and the whole state those routes touch read back
 * afterwards to show the refused calls changed nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  categoryIdsByName,
  newAccount,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  uploadPicture,
  type BusinessAccount,
  type CallResult,
  type Client,
} from '../support/api';

let owner: Client;
let stranger: Client;
let business: BusinessAccount;
let otherBusiness: BusinessAccount;
let portfolio: string;
let ideaId: string;
let jobIdeaId: string;
let jobPostId: string;
let boardId: string;
let sharedBoardId: string;

const retryWhileProcessing = async (send: () => Promise<CallResult>) => {
  let res = await send();
  for (let again = 0; res.status === 409 && res.body?.code === 'IMAGE_PROCESSING' && again < 10; again++) {
    await new Promise((r) => setTimeout(r, 500));
    res = await send();
  }
  return res;
};

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newClient(), newClient()]);
  const services = await categoryIdsByName(owner.token);
  [business, otherBusiness] = await Promise.all([
    newBusiness({ categories: [services['Furniture']] }),
    newBusiness({ categories: [services['Furniture']] }),
  ]);
  portfolio = await uploadPicture(business);
  const showroom = await retryWhileProcessing(() =>
    call('PUT', `/business/${business.businessId}`, { token: business.token, body: { showroom: [portfolio] } }),
  );
  expect(showroom.status).toBe(200);
  const tagged = await call('POST', '/ideas', { token: business.token, body: { picture: portfolio, room: 'kitchen' } });
  expect(tagged.status).toBe(201);
  ideaId = tagged.body._id;
  // A finished job of the pair, with a picture of it among the ideas.
  const post = await newPost(owner, { images: [] });
  jobPostId = post._id;
  const offer = await newOffer(business, post._id, { price: 700 });
  expect((await setStatus(owner, offer._id, 'accepted')).status).toBe(200);
  const review = { postId: post._id, businessId: business.businessId, rating: 5, review: 'Good' };
  expect((await call('POST', '/finishedJobs', { token: owner.token, body: review })).status).toBe(201);
  const jobPicture = await uploadPicture(business);
  const jobIdea = await retryWhileProcessing(() =>
    call('POST', '/ideas', { token: business.token, body: { picture: jobPicture, postId: post._id, room: 'bedroom' } }),
  );
  expect(jobIdea.status).toBe(201);
  jobIdeaId = jobIdea.body._id;
  boardId = (await call('POST', '/boards', { token: owner.token, body: { name: 'Private' } })).body._id;
  sharedBoardId = (await call('POST', '/boards', { token: owner.token, body: { name: 'Shared' } })).body._id;
  for (const b of [boardId, sharedBoardId])
    expect((await call('PUT', `/boards/${b}/ideas/${ideaId}`, { token: owner.token })).status).toBe(200);
  expect((await call('PUT', `/boards/${sharedBoardId}`, { token: owner.token, body: { shared: true } })).status).toBe(
    200,
  );
});

/** Everything the routes below could change, read by the legitimate owners. */
async function snapshot() {
  const get = async (path: string, token: string) => {
    const res = await call('GET', path, { token });
    return { status: res.status, body: res.body };
  };
  return {
    idea: await get(`/ideas/${ideaId}`, business.token),
    jobIdea: await get(`/ideas/${jobIdeaId}`, business.token),
    ideas: await get(`/ideas?business=${business.businessId}`, business.token),
    band: await get(`/ideas/price-band/${jobPostId}`, owner.token),
    boards: await get('/boards', owner.token),
    board: await get(`/boards/${boardId}`, owner.token),
    boardIdeas: await get(`/boards/${boardId}/ideas`, owner.token),
    sharedBoard: await get(`/boards/${sharedBoardId}`, owner.token),
    sharedBoardIdeas: await get(`/boards/${sharedBoardId}/ideas`, owner.token),
    strangerBoards: await get('/boards', stranger.token),
  };
}

interface Route {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  wrongRole?: () => string;
  /** Another user of the right role, and what that user is answered (403, or 404 for a record private to its owner). */
  otherUser?: () => [string, 403 | 404];
}

const routes: Route[] = [
  { name: 'GET /ideas', method: 'GET', path: () => '/ideas' },
  {
    name: 'POST /ideas (another business’s picture)',
    method: 'POST',
    path: () => '/ideas',
    body: () => ({ picture: portfolio, room: 'office' }),
    wrongRole: () => owner.token,
  },
  {
    name: 'POST /ideas (another business’s job)',
    method: 'POST',
    path: () => '/ideas',
    body: () => ({ picture: portfolio, postId: jobPostId, room: 'office' }),
    wrongRole: () => owner.token,
  },
  { name: 'GET /ideas/{id}', method: 'GET', path: () => `/ideas/${ideaId}` },
  {
    name: 'DELETE /ideas/{id}',
    method: 'DELETE',
    path: () => `/ideas/${ideaId}`,
    wrongRole: () => owner.token,
    otherUser: () => [otherBusiness.token, 403],
  },
  {
    name: 'GET /ideas/price-band/{postId}',
    method: 'GET',
    path: () => `/ideas/price-band/${jobPostId}`,
    wrongRole: () => business.token,
    otherUser: () => [stranger.token, 403],
  },
  {
    name: 'PUT /ideas/price-band/{postId}',
    method: 'PUT',
    path: () => `/ideas/price-band/${jobPostId}`,
    body: () => ({ show: true }),
    wrongRole: () => business.token,
    otherUser: () => [stranger.token, 403],
  },
  { name: 'GET /boards', method: 'GET', path: () => '/boards', wrongRole: () => business.token },
  {
    name: 'POST /boards',
    method: 'POST',
    path: () => '/boards',
    body: () => ({ name: 'Sneaky' }),
    wrongRole: () => business.token,
  },
  {
    name: 'GET /boards/{id}',
    method: 'GET',
    path: () => `/boards/${boardId}`,
    otherUser: () => [stranger.token, 404],
  },
  {
    name: 'PUT /boards/{id}',
    method: 'PUT',
    path: () => `/boards/${sharedBoardId}`,
    body: () => ({ name: 'Taken over', shared: false }),
    wrongRole: () => business.token,
    otherUser: () => [stranger.token, 404],
  },
  {
    name: 'DELETE /boards/{id}',
    method: 'DELETE',
    path: () => `/boards/${sharedBoardId}`,
    wrongRole: () => business.token,
    otherUser: () => [stranger.token, 404],
  },
  {
    name: 'GET /boards/{id}/ideas',
    method: 'GET',
    path: () => `/boards/${boardId}/ideas`,
    otherUser: () => [stranger.token, 404],
  },
  {
    name: 'PUT /boards/{id}/ideas/{ideaId}',
    method: 'PUT',
    path: () => `/boards/${sharedBoardId}/ideas/${jobIdeaId}`,
    wrongRole: () => business.token,
    otherUser: () => [stranger.token, 404],
  },
  {
    name: 'DELETE /boards/{id}/ideas/{ideaId}',
    method: 'DELETE',
    path: () => `/boards/${sharedBoardId}/ideas/${ideaId}`,
    wrongRole: () => business.token,
    otherUser: () => [stranger.token, 404],
  },
];

describe('authorization matrix: ideas and boards', () => {
  it('refuses every call it must, and the refused calls change nothing', async () => {
    const before = await snapshot();
    expect(Object.entries(before).filter(([, v]) => v.status !== 200)).toEqual([]);
    expect(before.boardIdeas.body).toHaveLength(1);
    expect(before.ideas.body).toHaveLength(2);
    const unknownRole = await newAccount('admin');
    const refusals: { route: string; who: string; status: number; expected: number }[] = [];
    const attempt = async (r: Route, who: string, token: string | undefined, expected: number) => {
      const res = await call(r.method, r.path(), { token, body: r.body?.() });
      refusals.push({ route: r.name, who, status: res.status, expected });
      if (res.status !== 401) expect(res.body, `${r.name} as ${who}`).toHaveProperty('code');
    };
    for (const r of routes) {
      await attempt(r, 'signed out', undefined, 401);
      await attempt(r, 'bad token', `${owner.token.slice(0, -4)}AAAA`, 401);
      await attempt(r, 'unknown account type', unknownRole.idToken, 403);
      if (r.wrongRole) await attempt(r, 'wrong role', r.wrongRole(), 403);
      if (r.otherUser) {
        const [token, expected] = r.otherUser();
        await attempt(r, 'another user of the right role', token, expected);
      }
    }
    // Another business tagging this business's picture or job: not its upload, or not its job.
    const notOwn = await call('POST', '/ideas', {
      token: otherBusiness.token,
      body: { picture: portfolio, room: 'office' },
    });
    refusals.push({ route: 'POST /ideas', who: 'another business', status: notOwn.status, expected: 400 });
    const theirs = await uploadPicture(otherBusiness);
    const notTheirJob = await retryWhileProcessing(() =>
      call('POST', '/ideas', {
        token: otherBusiness.token,
        body: { picture: theirs, postId: jobPostId, room: 'office' },
      }),
    );
    refusals.push({ route: 'POST /ideas', who: 'another business (job)', status: notTheirJob.status, expected: 403 });
    expect(refusals.length).toBeGreaterThan(50);
    expect(refusals.filter((x) => x.status !== x.expected)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets anyone signed in read a shared board, and nothing more of it', async () => {
    expect((await call('GET', `/boards/${sharedBoardId}`, { token: stranger.token })).body).toMatchObject({
      own: false,
      shared: true,
    });
    expect((await call('GET', `/boards/${sharedBoardId}/ideas`, { token: business.token })).status).toBe(200);
  });
});
