/**
 * Abandoned uploads expire: every presigned PUT stores the object tagged upload=pending (the lifecycle
 * rule of the media bucket deletes those), and the handlers that save a record using an upload take
 * the tag off the keys the record did not use before, after the write succeeded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { businessCaller, cdnImageStates, clientCaller, invoke, useTestEnv } from '../support/events';
import { cancelled } from '../support/dynamoErrors';
import { handler as createUploadUrl } from '../../lambdas/handlers/createUploadUrl';
import { handler as updateBusiness } from '../../lambdas/handlers/updateBusiness';
import { handler as updateUser } from '../../lambdas/handlers/updateUser';
import { handler as createPost } from '../../lambdas/handlers/createPost';

useTestEnv();
const ddb = mockClient(DocumentClient);
const s3 = mockClient(S3Client);
/** What reached DynamoDB and S3, in order. */
let calls: string[];
let errorLogs: string[];

beforeEach(() => {
  ddb.reset();
  s3.reset();
  calls = [];
  errorLogs = [];
  s3.on(DeleteObjectTaggingCommand).callsFake((input) => {
    calls.push(`untag ${input.Bucket}/${input.Key}`);
    return {};
  });
  // A picture's use count (lambdas/data/uploads.ts): each record that starts using it adds one.
  ddb
    .on(UpdateCommand)
    .callsFake((input) => (String(input.Key?.pk).startsWith('UPLOAD#') ? { Attributes: { uses: 1 } } : {}));
  // A member's chat rooms and a client's posts, which a profile edit writes its copies onto: none here.
  ddb.on(QueryCommand).resolves({ Items: [] });
  // lambdas/lib/log.ts (Powertools Logger) writes error lines to stderr.
  vi.spyOn(process.stderr, 'write').mockImplementation((line) => {
    errorLogs.push(...String(line).split('\n').filter(Boolean));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const untagged = () =>
  s3
    .commandCalls(DeleteObjectTaggingCommand)
    .map((c) => c.args[0].input.Key)
    .sort();

describe('POST /generatePresignedURL', () => {
  it('signs the upload=pending tag as a header the browser must send, and returns it', async () => {
    const res = await invoke(createUploadUrl, {
      caller: clientCaller({ sub: 'sub-1' }),
      body: { contentType: 'image/jpeg', contentLength: 1000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.headers).toEqual({ 'content-type': 'image/jpeg', 'x-amz-tagging': 'upload=pending' });
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('x-amz-tagging');
    // A header, not a query parameter: a PUT without it does not match the signature.
    expect([...url.searchParams.keys()].map((k) => k.toLowerCase())).not.toContain('x-amz-tagging');
    expect(s3.calls()).toHaveLength(0);
  });
});

const bizOwner = businessCaller({ sub: 'biz-sub' });
const storedBusiness = {
  pk: 'BUSINESS#b1',
  sk: 'PROFILE',
  _id: 'b1',
  cognitoId: 'biz-sub',
  businessName: 'Casa',
  email: 'b@x',
  location: 'Tirana',
  categories: [],
  profilePicture: 'uploads/biz-sub/logo.png',
  showroom: ['uploads/biz-sub/a.png'],
  plan: 'basic',
  createdAt: '2026-01-01T00:00:00.000Z',
  nameTokens: ['casa'],
};
const putBusiness = (body: unknown) =>
  invoke(updateBusiness, { caller: bizOwner, method: 'PUT', pathParameters: { id: 'b1' }, body });

describe('PUT /business/{id}', () => {
  beforeEach(() => {
    ddb.on(GetCommand).resolves({ Item: storedBusiness });
    ddb.on(TransactWriteCommand).callsFake(() => {
      calls.push('write');
      return {};
    });
  });

  it('untags only the pictures the profile did not use before, after the write', async () => {
    const res = await putBusiness({
      profilePicture: 'https://cdn.test/images/biz-sub/logo.png/1280.webp',
      showroom: ['uploads/biz-sub/a.png', 'https://cdn.test/images/biz-sub/b.png/1280.webp', 'uploads/biz-sub/c.png'],
    });
    expect(res.status).toBe(200);
    expect(calls[0]).toBe('write');
    expect(calls.slice(1).sort()).toEqual([
      'untag test-media/uploads/biz-sub/b.png',
      'untag test-media/uploads/biz-sub/c.png',
    ]);
  });

  it('untags a new profile picture; a change without pictures untags nothing', async () => {
    expect((await putBusiness({ profilePicture: 'uploads/biz-sub/new-logo.png' })).status).toBe(200);
    expect(untagged()).toEqual(['uploads/biz-sub/new-logo.png']);
    s3.resetHistory();
    expect((await putBusiness({ description: 'Kitchens', showroom: ['uploads/biz-sub/a.png'] })).status).toBe(200);
    expect(untagged()).toEqual([]);
  });

  it('still answers 200 with the saved profile when untagging fails, and logs the key', async () => {
    s3.on(DeleteObjectTaggingCommand).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    vi.stubEnv('LOG_LEVEL', 'info');
    const res = await putBusiness({ showroom: ['uploads/biz-sub/a.png', 'uploads/biz-sub/d.png'] });
    expect(res.status).toBe(200);
    expect(res.body.showroom).toEqual([
      'https://cdn.test/images/biz-sub/a.png/1280.webp',
      'https://cdn.test/images/biz-sub/d.png/1280.webp',
    ]);
    expect(errorLogs.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 'ERROR', key: 'uploads/biz-sub/d.png', error: 'AccessDenied: Access Denied' }),
    ]);
  });

  it('untags nothing when the write fails (409) or the request is refused (400)', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    expect((await putBusiness({ showroom: ['uploads/biz-sub/e.png'] })).status).toBe(409);
    expect((await putBusiness({ showroom: ['uploads/other-sub/e.png'] })).status).toBe(400);
    expect(s3.calls()).toHaveLength(0);
  });
});

describe('PUT /user/{id}', () => {
  const storedUser = {
    pk: 'USER#u1',
    sk: 'PROFILE',
    _id: 'u1',
    cognitoId: 'client-sub',
    username: 'Ana',
    profilePicture: 'uploads/client-sub/me.png',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const putUser = (body: unknown) =>
    invoke(updateUser, {
      caller: clientCaller({ sub: 'client-sub' }),
      method: 'PUT',
      pathParameters: { id: 'u1' },
      body,
    });

  it('untags a new picture, not the one the profile already has, nor a removed one', async () => {
    ddb.on(GetCommand).resolves({ Item: storedUser });
    ddb
      .on(UpdateCommand)
      .callsFake((input) =>
        String(input.Key?.pk).startsWith('UPLOAD#')
          ? { Attributes: { uses: 1 } }
          : { Attributes: { ...storedUser, profilePicture: Object.values(input.ExpressionAttributeValues ?? {})[0] } },
      );
    expect((await putUser({ profilePicture: 'https://cdn.test/images/client-sub/me.png/1280.webp' })).status).toBe(200);
    expect((await putUser({ profilePicture: null })).status).toBe(200);
    expect(untagged()).toEqual([]);
    expect((await putUser({ profilePicture: 'uploads/client-sub/me2.png' })).status).toBe(200);
    expect(untagged()).toEqual(['uploads/client-sub/me2.png']);
  });
});

describe('POST /post', () => {
  it('untags each image of the new post once', async () => {
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#client-sub', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb.on(GetCommand, { Key: { pk: 'USER#u1', sk: 'PROFILE' } }).resolves({ Item: { _id: 'u1', username: 'Ana' } });
    ddb.on(BatchGetCommand).resolves({ Responses: { 'test-table': [] } });
    ddb.on(TransactWriteCommand).callsFake(() => {
      calls.push('write');
      return {};
    });
    const res = await invoke(createPost, {
      caller: clientCaller({ sub: 'client-sub' }),
      body: {
        userId: 'u1',
        title: 'Tiles',
        location: 'Tirana',
        images: [
          'uploads/client-sub/a.jpg',
          'https://cdn.test/images/client-sub/a.jpg/1280.webp',
          'uploads/client-sub/b.png',
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(calls[0]).toBe('write');
    expect(untagged()).toEqual(['uploads/client-sub/a.jpg', 'uploads/client-sub/b.png']);
  });
});

describe('POST /post with pictures the image processor refused or has not finished', () => {
  const post = (images: string[]) =>
    invoke(createPost, {
      caller: clientCaller({ sub: 'client-sub' }),
      body: { userId: 'u1', title: 'Tiles', location: 'Tirana', images },
    });
  beforeEach(() => {
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#client-sub', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 'client-sub', role: 'client', id: 'u1' } });
    ddb.on(GetCommand, { Key: { pk: 'USER#u1', sk: 'PROFILE' } }).resolves({ Item: { _id: 'u1', username: 'Ana' } });
    ddb.on(TransactWriteCommand).callsFake(() => {
      calls.push('write');
      return {};
    });
  });
  afterEach(() => cdnImageStates.clear());

  it("a refused picture: 400 naming the field with the processor's message; nothing written or untagged", async () => {
    cdnImageStates.set('uploads/client-sub/bad.jpg', {
      state: 'failed',
      message: 'The file is not a JPEG, PNG or WebP picture.',
    });
    const res = await post(['uploads/client-sub/ok.jpg', 'uploads/client-sub/bad.jpg']);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IMAGE_REFUSED');
    expect(res.body.errors).toEqual([
      { field: 'images.1', message: 'The file is not a JPEG, PNG or WebP picture.', code: 'IMAGE_REFUSED' },
    ]);
    expect(calls).toEqual([]);
  });

  it('a picture still being processed after the wait: 409, nothing written', async () => {
    cdnImageStates.set('uploads/client-sub/slow.jpg', 'pending');
    const res = await post(['uploads/client-sub/slow.jpg']);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IMAGE_PROCESSING');
    expect(res.body.message).toMatch(/still being processed/);
    expect(calls).toEqual([]);
  }, 15_000);
});
