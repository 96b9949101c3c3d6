/**
 * A client's name on its posts over the local stack: a rename (PUT /user/{id}) shows on each post's detail, in the
 * available and filtered lists and in the client's posts, for every status; an entry of a post no longer open is
 * not brought back; a hidden post stays 404 to others and visible to its owner and moderators; a client with many
 * open posts in several services is answered within the request's time limit and renamed on every copy (what the
 * request left at half its time limit, from the stream); and a rename the request left unfinished is finished from the
 * stream.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/model/keys';
import { openIndexPartitions } from '../../lambdas/model/posts';
import {
  call,
  categoryIdsByName,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  setStatus,
  stack,
  type CallResult,
  type Client,
} from '../support/api';
import { entryOf } from '../support/moderators';
import { tableClient } from '../support/expiry';
import { useStackEnvironment, waitFor } from '../support/notifications';

type Card = { _id: string; clientName?: string; createdAt: string };

let categories: Record<string, string>;
let db: ReturnType<typeof tableClient>;
beforeAll(async () => {
  useStackEnvironment();
  db = tableClient();
  categories = await categoryIdsByName((await newClient()).token);
});
afterAll(() => db.destroy());

const rename = (client: Client, username: string) =>
  call('PUT', `/user/${client.userId}`, { token: client.token, body: { username } });

/** The post as a list answers it, reading its pages from the newest until it is found (undefined: not listed). */
async function inList(path: string, token: string, post: Card): Promise<Card | undefined> {
  let cursor: string | null = null;
  for (;;) {
    const res: CallResult = await call(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      {
        token,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body as Card[];
    const found = items.find((p) => p._id === post._id);
    if (found) return found;
    cursor = res.headers.get('x-next-cursor');
    if (!cursor || items.length === 0 || items[items.length - 1].createdAt < post.createdAt) return undefined;
  }
}

const storedItem = async (key: { pk: string; sk: string }) =>
  (await db.send(new GetCommand({ TableName: stack().tableName, Key: key, ConsistentRead: true }))).Item;

describe('PUT /user/{id}: a new name on every copy of the client’s posts', () => {
  it('shows on the detail, the open lists and the client’s posts; hidden posts stay hidden', async () => {
    const client = await newClient({ username: 'Arben Gjoka' });
    const other = await newClient();
    const studio = await newBusiness();
    const moderator = await newModerator();
    const inService = { category: [categories.Painting, categories.Decor], location: 'Shkodër', images: [] };
    const open = await newPost(client, inService);
    const accepted = await newPost(client, inService);
    const offer = await newOffer(studio, accepted._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const closed = await newPost(client, inService);
    expect((await call('POST', `/post/${closed._id}/close`, { token: client.token })).status).toBe(200);
    const hidden = await newPost(client, inService);
    const reported = await call('POST', '/report', {
      token: other.token,
      body: { kind: 'post', targetId: hidden._id, reason: 'inappropriate' },
    });
    expect(reported.status).toBe(201);
    const entry = (await entryOf(moderator.token, hidden._id))!;
    const decided = await call('POST', `/moderation/reports/${entry._id}/decision`, {
      token: moderator.token,
      body: { action: 'hide', reason: 'Not a real request' },
    });
    expect(decided.status).toBe(200);

    const renamed = await rename(client, 'Arben Gjoka-Lala');
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const name = 'Arben Gjoka-Lala';

    for (const post of [open, accepted, closed]) {
      const detail = await call('GET', `/post/${post._id}`, { token: other.token });
      expect(detail.status).toBe(200);
      expect(detail.body.clientName).toBe(name);
    }
    expect((await call('GET', `/post/${hidden._id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/post/${hidden._id}`, { token: studio.token })).status).toBe(404);
    for (const token of [client.token, moderator.token]) {
      const detail = await call('GET', `/post/${hidden._id}`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ clientName: name, hidden: { reason: 'Not a real request' } });
    }

    const mine = await call('GET', `/post/user/${client.userId}`, { token: client.token });
    expect((mine.body as Card[]).map((p) => [p._id, p.clientName])).toEqual(
      [hidden, closed, accepted, open].map((p) => [p._id, name]),
    );
    const toOthers = await call('GET', `/post/user/${client.userId}`, { token: other.token });
    expect((toOthers.body as Card[]).map((p) => p._id)).toEqual([closed._id, accepted._id, open._id]);

    expect(await inList('/post/available', studio.token, open)).toMatchObject({ clientName: name });
    for (const service of [categories.Painting, categories.Decor]) {
      const filtered = `/post/filtred?categories=${service}&locations=${encodeURIComponent('Shkodër')}`;
      expect(await inList(filtered, studio.token, open)).toMatchObject({ clientName: name });
      expect(await inList(`/post/filtred?categories=${service}`, studio.token, open)).toMatchObject({
        clientName: name,
      });
    }
    expect(await inList(`/post/filtred?locations=${encodeURIComponent('Shkodër')}`, studio.token, open)).toMatchObject({
      clientName: name,
    });
    // No open-list entry was made for a post that is not open (the writes only change items that exist).
    for (const post of [accepted, closed, hidden])
      for (const pk of openIndexPartitions(post))
        expect(await storedItem({ pk, sk: keys.openEntrySk(post.createdAt, post._id) })).toBeUndefined();

    // Its acceptance cancelled, the request is listed again under the new name.
    expect((await setStatus(client, offer._id, 'pending')).status).toBe(200);
    expect(await inList('/post/available', studio.token, accepted)).toMatchObject({ clientName: name });

    // Saving the same name again changes nothing and answers the same.
    const again = await rename(client, name);
    expect(again.status).toBe(200);
    expect((await call('GET', `/post/${open._id}`, { token: other.token })).body.clientName).toBe(name);
  });

  it('renames a client with many open posts in several services, answering within the time limit', async () => {
    const client = await newClient({ username: 'Mira Dushku' });
    const reader = await newClient();
    const services = [categories.Painting, categories.Decor, categories.Flooring];
    const posts: Card[] = [];
    for (let i = 0; i < 30; i++)
      posts.push(await newPost(client, { category: services, location: 'Korçë', images: [], title: `Room ${i}` }));

    // Answered within the time limit: what the request did not write by half of it, the stream writes.
    const renamed = await rename(client, 'Mira Dushku-Hasa');
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const names = await waitFor(async () => {
      const mine = await call('GET', `/post/user/${client.userId}`, { token: reader.token });
      const shown = new Set((mine.body as Card[]).map((p) => p.clientName));
      return shown.size === 1 && (mine.body as Card[]).length === 30 ? shown : undefined;
    }, 30_000);
    expect(names).toEqual(new Set(['Mira Dushku-Hasa']));
    // Every open-list copy of every post.
    for (const post of posts)
      for (const pk of openIndexPartitions({ _id: post._id, category: services, location: 'Korçë' }))
        expect((await storedItem({ pk, sk: keys.openEntrySk(post.createdAt, post._id) }))?.clientName).toBe(
          'Mira Dushku-Hasa',
        );
  });
});

describe('the stream finishes a rename', () => {
  it('writes the name onto the posts of a client whose record was renamed without them', async () => {
    const client = await newClient({ username: 'Dea Kraja' });
    const reader = await newClient();
    const open = await newPost(client, { category: [categories.Outdoor], location: 'Berat', images: [] });
    // What a rename stopped at its deadline leaves: the client's record renamed, its posts not yet.
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: keys.user(client.userId),
        UpdateExpression: 'SET username = :name',
        ExpressionAttributeValues: { ':name': 'Dea Kraja-Muka' },
      }),
    );
    await waitFor(async () => {
      const detail = await call('GET', `/post/${open._id}`, { token: reader.token });
      return detail.body.clientName === 'Dea Kraja-Muka' ? true : undefined;
    });
    const filtered = `/post/filtred?categories=${categories.Outdoor}&locations=Berat`;
    expect(await inList(filtered, reader.token, open)).toMatchObject({ clientName: 'Dea Kraja-Muka' });
  });
});
