/**
 * The one-off moderation migration (scripts/migrate-moderation.ts) over the local stack: a finished job stored
 * as before moderation (no `FINISHEDJOBID#` keys) cannot have its review reported until the migration gives it
 * its keys; a chat message report stored as before the queue (`CHATREPORT#…`) is filed in the moderation queue
 * and removed; a second run changes nothing.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { chatMessageTargetId, reportEntryId } from '../../lambdas/domain/moderation';
import { migrateModeration } from '../../scripts/migrate-moderation';
import {
  call,
  newBusiness,
  newClient,
  newModerator,
  newOffer,
  newPost,
  setStatus,
  stack,
  stackPool,
} from '../support/api';
import { tableClient } from '../support/expiry';
import { useStackEnvironment } from '../support/notifications';

beforeAll(() => useStackEnvironment());

const migrate = () => {
  return migrateModeration({
    ...stackPool(),
  });
};

describe('npm run migrate:moderation', () => {
  it('indexes old finished jobs so their reviews can be reported, and files old chat reports in the queue once', async () => {
    const client = await newClient();
    const reporter = await newClient();
    const business = await newBusiness();
    const moderator = await newModerator();
    const post = await newPost(client, { images: [] });
    const offer = await newOffer(business, post._id);
    expect((await setStatus(client, offer._id, 'accepted')).status).toBe(200);
    const job = await call('POST', '/finishedJobs', {
      token: client.token,
      body: { postId: post._id, businessId: business.businessId, rating: 2, review: 'Late and rude' },
    });
    expect(job.status).toBe(201);
    const db = tableClient();
    const TableName = stack().tableName;
    // As stored before moderation.
    await db.send(
      new UpdateCommand({ TableName, Key: keys.finishedJob(post._id), UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }),
    );
    const reportReview = () =>
      call('POST', '/report', {
        token: reporter.token,
        body: { kind: 'review', targetId: job.body._id, reason: 'abusive' },
      });
    expect((await reportReview()).status).toBe(404);

    const old = {
      _id: 'old-report-1',
      roomId: `room-${Date.now()}`,
      messageId: '-Nold0001',
      text: 'Pay me outside the site',
      senderId: business.sub,
      reporterSub: client.sub,
      reason: 'Asks for money outside',
      createdAt: '2026-10-01T10:00:00.000Z',
    };
    const oldItem = {
      ...keys.legacyChatReport(old.roomId, old.messageId, old.reporterSub),
      ...keys.legacyChatReportsIndex(old.createdAt),
      ...old,
    };
    await db.send(new PutCommand({ TableName, Item: oldItem }));

    const first = await migrate();
    expect(first.jobsIndexed).toBeGreaterThanOrEqual(1);
    expect(first.chatReportsFiled).toBeGreaterThanOrEqual(1);
    const stored = await db.send(new GetCommand({ TableName, Key: keys.finishedJob(post._id) }));
    expect(stored.Item).toMatchObject(keys.finishedJobIdIndex(job.body._id));
    expect((await reportReview()).status).toBe(201);

    const entryId = reportEntryId('chatMessage', chatMessageTargetId(old.roomId, old.messageId));
    const queue = await call('GET', '/moderation/reports?status=open&limit=100', { token: moderator.token });
    expect(queue.status).toBe(200);
    const items = queue.body as { _id: string }[];
    expect(items.find((e) => e._id === entryId)).toMatchObject({
      kind: 'chatMessage',
      excerpt: 'Pay me outside the site',
      ownerSub: business.sub,
      reportCount: 1,
      reasons: { other: 1 },
      notes: ['Asks for money outside'],
    });
    const gone = await db.send(
      new GetCommand({ TableName, Key: keys.legacyChatReport(old.roomId, old.messageId, old.reporterSub) }),
    );
    expect(gone.Item).toBeUndefined();

    // Again (an interrupted run left the old report behind): nothing more is written, the old record goes.
    await db.send(new PutCommand({ TableName, Item: oldItem }));
    const second = await migrate();
    expect(second).toEqual({ jobsIndexed: 0, chatReportsFiled: 0, chatReportsAlreadyFiled: 1 });
    const again = await call('GET', '/moderation/reports?status=open&limit=100', { token: moderator.token });
    expect((again.body as { _id: string; reportCount: number }[]).find((e) => e._id === entryId)?.reportCount).toBe(1);
  });
});
