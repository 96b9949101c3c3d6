/**
 * A business's reply to a review of it, through the local gateway on DynamoDB Local: written once,
 * shown under the review to everyone, editable for REVIEW_REPLY_EDIT_DAYS after it was first written
 * (time passes by moving the stored reply's date back through the table), then locked. Refused calls
 * (unknown review, another business, a client, signed out) change nothing.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REPLY_EDIT_DAYS } from '../../common/constants';
import { REVIEW_REPLY_MAX_CHARS } from '../../common/schemas/offers';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  setStatus,
  stack,
  type BusinessAccount,
  type Client,
} from '../support/api';

const DAY = 24 * 60 * 60 * 1000;

let client: Client;
let studio: BusinessAccount;
let rival: BusinessAccount;

beforeAll(async () => {
  [client, studio, rival] = await Promise.all([newClient(), newBusiness(), newBusiness()]);
});

/** A request of `client` that `business` finished, reviewed; answers the request id. */
async function reviewedJob(business: BusinessAccount, review = 'Neat work, on time') {
  const post = await newPost(client, { images: [] });
  const offer = await newOffer(business, post._id);
  expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
  const body = { postId: post._id, businessId: business.businessId, rating: 4, review };
  expect((await call('POST', '/finishedJobs', { token: client.token, body })).status).toBe(201);
  return post._id;
}

const replyTo = (postId: string, token: string | undefined, body: unknown) =>
  call('PUT', `/post/${postId}/review/reply`, { token, body });

/** The reviews of `business` as another signed-in user sees them. */
const reviewsOf = async (business: BusinessAccount, token = client.token) =>
  (await call('GET', `/getBusinessFinishedJobs/${business.businessId}?limit=100`, { token })).body as {
    postId: string;
    review: string;
    reply?: { text: string; createdAt: string; editedAt?: string };
  }[];

/** Time passes: the stored reply of the review of `postId` was first written `days` ago. */
async function ageReply(postId: string, days: number) {
  const s = stack();
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: s.dynamoEndpoint,
      region: s.region,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: s.tableName,
      Key: { pk: `POST#${postId}`, sk: 'FINISHEDJOB' },
      UpdateExpression: 'SET reply.createdAt = :then',
      ConditionExpression: 'attribute_exists(reply)',
      ExpressionAttributeValues: { ':then': new Date(Date.now() - days * DAY).toISOString() },
    }),
  );
  db.destroy();
}

describe('replies to reviews', () => {
  it('the reviewed business replies once; everyone sees the reply under the review', async () => {
    const postId = await reviewedJob(studio);
    const first = await replyTo(postId, studio.token, { text: '  Thank you, it was a pleasure!  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      postId,
      review: 'Neat work, on time',
      reply: { text: 'Thank you, it was a pleasure!' },
    });
    expect(first.body.reply.editedAt).toBeUndefined();

    const stranger = await newClient();
    for (const token of [client.token, stranger.token, rival.token, studio.token]) {
      const job = (await reviewsOf(studio, token)).find((j) => j.postId === postId);
      expect(job?.reply).toEqual(first.body.reply);
    }
  });

  it('the reply can be edited within its days (first time kept), then it is locked', async () => {
    const postId = await reviewedJob(studio);
    const first = await replyTo(postId, studio.token, { text: 'Thanks!' });
    const edited = await replyTo(postId, studio.token, { text: 'Thanks, see you for the kitchen' });
    expect(edited.status).toBe(200);
    expect(edited.body.reply).toMatchObject({
      text: 'Thanks, see you for the kitchen',
      createdAt: first.body.reply.createdAt,
      editedAt: expect.any(String),
    });
    expect((await reviewsOf(studio)).find((j) => j.postId === postId)?.reply).toEqual(edited.body.reply);

    // Just inside the window it still changes.
    await ageReply(postId, REVIEW_REPLY_EDIT_DAYS - 0.5);
    expect((await replyTo(postId, studio.token, { text: 'Last change' })).status).toBe(200);

    await ageReply(postId, REVIEW_REPLY_EDIT_DAYS + 1);
    const before = (await reviewsOf(studio)).find((j) => j.postId === postId)?.reply;
    const late = await replyTo(postId, studio.token, { text: 'Too late' });
    expect(late).toMatchObject({ status: 409, body: { code: 'REPLY_LOCKED' } });
    expect((await reviewsOf(studio)).find((j) => j.postId === postId)?.reply).toEqual(before);
    expect(before?.text).toBe('Last change');
  });

  it('refuses an unknown review, another business, a client and a signed-out caller, changing nothing', async () => {
    const postId = await reviewedJob(studio);
    expect((await replyTo(postId, studio.token, { text: 'Ours' })).status).toBe(200);
    const before = await reviewsOf(studio);

    const unreviewed = await newPost(client, { images: [] });
    expect(await replyTo(unreviewed._id, studio.token, { text: 'Hi' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await replyTo('no-such-request', studio.token, { text: 'Hi' })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(await replyTo(postId, rival.token, { text: 'Not yours' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await replyTo(postId, client.token, { text: 'A client' })).toMatchObject({
      status: 403,
      body: { code: 'WRONG_ROLE' },
    });
    expect((await replyTo(postId, undefined, { text: 'Anyone' })).status).toBe(401);

    expect(await reviewsOf(studio)).toEqual(before);
  });

  it('checks the text with the shared schema and ignores any other field', async () => {
    const postId = await reviewedJob(studio);
    expect(await replyTo(postId, studio.token, { text: '   ' })).toMatchObject({
      status: 400,
      body: { code: 'FIELD_REQUIRED' },
    });
    expect(await replyTo(postId, studio.token, { text: 'x'.repeat(REVIEW_REPLY_MAX_CHARS + 1) })).toMatchObject({
      status: 400,
      body: { code: 'FIELD_TOO_LONG' },
    });
    expect((await reviewsOf(studio)).find((j) => j.postId === postId)?.reply).toBeUndefined();

    // A reply dated in the past (to escape the lock later) or a changed rating is not taken from the body.
    const sneaky = await replyTo(postId, studio.token, {
      text: 'Thanks',
      createdAt: '2000-01-01T00:00:00.000Z',
      reply: { createdAt: '2000-01-01T00:00:00.000Z' },
      rating: 5,
      review: 'Best ever',
    });
    expect(sneaky.status).toBe(200);
    const job = (await reviewsOf(studio)).find((j) => j.postId === postId);
    expect(job).toMatchObject({ review: 'Neat work, on time', rating: 4, reply: { text: 'Thanks' } });
    expect(Date.now() - Date.parse(job!.reply!.createdAt)).toBeLessThan(60_000);
  });
});
