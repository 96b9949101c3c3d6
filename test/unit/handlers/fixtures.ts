/**
 * Shared set-up of the unit tests of the offers/ads/chat handlers: a mocked DynamoDB document
 * client with the records a test declares, and builders of stored records.
 */
import { randomUUID } from 'node:crypto';
import { mockClient } from 'aws-sdk-client-mock';
import { S3Client } from '@aws-sdk/client-s3';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../../lambdas/data/client';
import { keys } from '../../../lambdas/model/keys';
import type { StoredPost } from '../../../lambdas/model/posts';
import type { StoredBusiness, StoredUser } from '../../../lambdas/model/users';
import { type StoredOffer } from '../../../lambdas/model/offers';
import { postCopyOf } from '../../../lambdas/model/copies';
import { businessCardCopy } from '../../../lambdas/model/copies';
import type { TestCaller } from '../../support/events';

export const ddbMock = mockClient(DocumentClient);
/** Handlers that save uploads untag them in S3 (answered here; test/unit/pendingUploads.test.ts checks the calls). */
export const s3Mock = mockClient(S3Client);

/** The posts and businesses declared since the last reset: an offer copies its post and its business's card from them. */
const declaredPosts = new Map<string, StoredPost>();
const declaredBusinesses = new Map<string, StoredBusiness>();

/** Reset the mock: unknown keys read as absent, writes succeed. */
export function resetDb() {
  declaredPosts.clear();
  declaredBusinesses.clear();
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(TransactWriteCommand).resolves({});
}

export function givenItem(key: { pk: string; sk: string }, item: Record<string, unknown>) {
  ddbMock.on(GetCommand, { Key: key }).resolves({ Item: { ...key, ...item } });
}

/** The caller has a record of `role` with id `id` (its ACCOUNT#{sub} lookup). */
export function givenAccount(caller: TestCaller, id: string) {
  givenItem(keys.account(caller.sub), { sub: caller.sub, role: caller.nickname, id });
}

export function givenPost(over: Partial<StoredPost> = {}): StoredPost {
  const post: StoredPost = {
    _id: randomUUID(),
    userId: randomUUID(),
    title: 'Paint my living room',
    content: 'Two walls, white',
    images: ['uploads/u1/a.jpg', 'uploads/u1/b.jpg'],
    category: ['painting'],
    location: 'Tirana',
    budget: 300,
    createdAt: '2026-11-01T10:00:00.000Z',
    status: 'open',
    clientName: 'Ana Hoxha',
    expiresAt: '2099-12-31T10:00:00.000Z',
    ...over,
  };
  declaredPosts.set(post._id, post);
  givenItem(keys.post(post._id), {
    ...post,
    gsi1pk: `USERPOSTS#${post.userId}`,
    gsi1sk: `${post.createdAt}#${post._id}`,
  });
  return post;
}

/**
 * An offer as the current model stores it: with its history, version and validity, its copy of its post and its
 * business's card (from the post and business declared with those ids, else made up).
 */
export function givenOffer(over: Partial<StoredOffer> = {}): StoredOffer {
  const postId = over.postId ?? randomUUID();
  const businessId = over.businessId ?? randomUUID();
  const createdAt = over.createdAt ?? '2026-11-02T10:00:00.000Z';
  const price = over.price ?? 250;
  const post = declaredPosts.get(postId);
  const business = declaredBusinesses.get(businessId);
  const offer: StoredOffer = {
    _id: randomUUID(),
    postId,
    businessId,
    businessSub: business?.cognitoId ?? randomUUID(),
    price,
    message: 'We can do it next week',
    status: 'pending',
    createdAt,
    validUntil: '2099-12-31',
    version: 0,
    history: [{ by: 'business', action: 'offer', at: createdAt, price }],
    post: post
      ? postCopyOf(post)
      : {
          v: 0,
          _id: postId,
          title: 'Paint my living room',
          images: [],
          location: 'Tirana',
          category: ['painting'],
          status: 'open',
          hidden: false,
          userId: randomUUID(),
        },
    business: business
      ? businessCardCopy(business)
      : { v: 0, cognitoId: randomUUID(), businessName: 'Casa Design', ratingSum: 0, reviewCount: 0 },
    ...over,
  };
  givenItem(keys.offer(offer._id), { ...offer, ...keys.offerIndexes(offer) });
  return offer;
}

export function givenBusiness(over: Partial<StoredBusiness> = {}): StoredBusiness {
  const business: StoredBusiness = {
    _id: randomUUID(),
    cognitoId: randomUUID(),
    businessName: 'Casa Design',
    email: 'casa@example.com',
    location: 'Durrës',
    categories: ['painting'],
    showroom: [],
    plan: 'basic',
    createdAt: '2026-10-01T10:00:00.000Z',
    profilePicture: 'uploads/b/logo.png',
    ...over,
  };
  declaredBusinesses.set(business._id, business);
  givenItem(keys.business(business._id), business as unknown as Record<string, unknown>);
  return business;
}

export function givenUser(over: Partial<StoredUser> = {}): StoredUser {
  const user: StoredUser = {
    _id: randomUUID(),
    cognitoId: randomUUID(),
    username: 'Ana Hoxha',
    email: 'ana@example.com',
    createdAt: '2026-10-01T10:00:00.000Z',
    ...over,
  };
  givenItem(keys.user(user._id), user as unknown as Record<string, unknown>);
  return user;
}

/** The TransactItems of every TransactWriteItems call made. */
export const transactions = () =>
  ddbMock
    .commandCalls(TransactWriteCommand)
    .map((c) => (c.args[0].input as TransactWriteCommandInput).TransactItems ?? []);

/** Every write made (transactions and single writes), for "nothing was written" assertions. */
export function writes() {
  return ddbMock.calls().filter((c) => !/Get|Query/.test(c.args[0].constructor.name));
}

export { cancelled } from '../../support/dynamoErrors';
