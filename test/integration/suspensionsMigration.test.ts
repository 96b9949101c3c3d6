/**
 * The one-off suspensions migration (scripts/migrate-suspensions.ts) over the local stack: a suspension stored as
 * before suspensions were one partition (`SUSPENDED#{sub}`) moves into the `SUSPENSIONS` partition with the same
 * fields, the old record goes, the account stays refused, and a second run changes nothing.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { migrateSuspensions } from '../../scripts/migrate-suspensions';
import { call, newClient, newModerator, newPost, stack } from '../support/api';
import { tableClient } from '../support/expiry';
import { useStackEnvironment } from '../support/notifications';
import { entryOf } from '../support/moderators';

beforeAll(() => useStackEnvironment());

describe('npm run migrate:suspensions', () => {
  it('moves an old suspension into the partition the API reads, once', async () => {
    const moderator = await newModerator();
    const spammer = await newClient();
    const reporter = await newClient();
    const post = await newPost(spammer, { images: [] });
    const reported = await call('POST', '/report', {
      token: reporter.token,
      body: { kind: 'post', targetId: post._id, reason: 'spam' },
    });
    expect(reported.status).toBe(201);
    const entry = (await entryOf(moderator.token, post._id))!;
    const decided = await call('POST', `/moderation/reports/${entry._id}/decision`, {
      token: moderator.token,
      body: { action: 'suspend', reason: 'Spam account' },
    });
    expect(decided.status).toBe(200);

    // As stored before suspensions were one partition.
    const db = tableClient();
    const TableName = stack().tableName;
    const stored = await db.send(new GetCommand({ TableName, Key: keys.suspension(spammer.sub) }));
    const { pk: _pk, sk: _sk, ...fields } = stored.Item!;
    expect(fields).toMatchObject({ sub: spammer.sub, reason: 'Spam account', entryId: entry._id });
    await db.send(new DeleteCommand({ TableName, Key: keys.suspension(spammer.sub) }));
    await db.send(new PutCommand({ TableName, Item: { ...keys.legacySuspension(spammer.sub), ...fields } }));

    expect((await migrateSuspensions({ dryRun: true })).moved).toBe(1);
    expect((await db.send(new GetCommand({ TableName, Key: keys.suspension(spammer.sub) }))).Item).toBeUndefined();

    expect((await migrateSuspensions()).moved).toBe(1);
    const moved = await db.send(new GetCommand({ TableName, Key: keys.suspension(spammer.sub) }));
    expect(moved.Item).toEqual({ ...keys.suspension(spammer.sub), ...fields });
    const old = await db.send(new GetCommand({ TableName, Key: keys.legacySuspension(spammer.sub) }));
    expect(old.Item).toBeUndefined();
    expect(await call('GET', '/notifications/unread', { token: spammer.token })).toMatchObject({
      status: 403,
      body: { code: 'ACCOUNT_SUSPENDED' },
    });

    const second = await migrateSuspensions();
    expect(second.moved).toBe(0);
    expect(second.alreadyMoved).toBeGreaterThanOrEqual(1);
  });
});
