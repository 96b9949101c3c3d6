/**
 * The copies ideas carry, as declared in lambdas/model/copies.ts and applied by the one engine (lambdas/data/copies.ts):
 * a finished job's price band (COPIES.priceBand) and its business's card (COPIES.businessCard) on the job's or the
 * business's ideas and each idea's gallery entries, the entries written before the idea, forward only; the stream's
 * consumers refresh the band from a change of the job's answer and pass by a record that only copied onto an item.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useTestEnv } from '../../support/events';
import { keys } from '../../../lambdas/model/keys';
import { ideaEntryKeys, ideaKeys, priceBandCopyOf } from '../../../lambdas/model/ideas';
import { businessCardCopy } from '../../../lambdas/model/copies';
import { refreshCopy } from '../../../lambdas/data/copies';
import { copyChangeOf, onlyCopiesChanged } from '../../../lambdas/notify/copies';
import { ddbMock, givenBusiness, resetDb } from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

const job = {
  _id: 'j1',
  postId: 'p1',
  businessId: 'b1',
  offerId: 'o1',
  userId: 'u1',
  rating: 5,
  review: 'Well done',
  createdAt: '2026-11-01T00:00:00.000Z',
  post: { title: 'Kitchen', images: [], location: 'Tirana' },
  bandConsent: true,
  priceBand: { min: 500, max: 1000 },
  bandVersion: 3,
};
const shown = { _id: 'i1', createdAt: '2026-11-02T00:00:00.000Z', room: 'kitchen', style: 'modern', town: 'Tirana' };
const ideaOf = (over: Record<string, unknown>) => ({
  ...ideaKeys.idea(String(over._id)),
  service: 'kitchens',
  ...over,
});

describe('the price band on a job’s ideas', () => {
  it('reads the job strongly consistent and writes each idea’s entries before the idea, forward only', async () => {
    ddbMock
      .on(GetCommand, { Key: keys.finishedJob('p1'), ConsistentRead: true })
      .resolves({ Item: { ...keys.finishedJob('p1'), ...job } });
    // One idea shown in the gallery (with a style), one a moderator hid (no entries): both hold an older band.
    const hidden = ideaOf({ _id: 'i2', createdAt: shown.createdAt, room: 'office', town: 'Durrës', hidden: {} });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'JOBIDEAS#p1' } })
      .resolves({ Items: [ideaOf(shown), hidden] });
    ddbMock.on(UpdateCommand).resolves({});

    const done = await refreshCopy('priceBand', 'p1');

    const band = priceBandCopyOf(job);
    expect(band).toEqual({ v: 3, band: { min: 500, max: 1000 } });
    const query = ddbMock.commandCalls(QueryCommand)[0].args[0].input;
    expect(query.IndexName).toBe('GSI2');
    // What an idea's entries are found by, the style and hidden mark when it has them.
    expect(Object.values(query.ExpressionAttributeNames ?? {})).toEqual(
      expect.arrayContaining(['_id', 'createdAt', 'room', 'town', 'service', 'style', 'hidden']),
    );
    const updates = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    const entries = ideaEntryKeys({ ...shown, service: 'kitchens' } as never);
    expect(entries).toHaveLength(6);
    const written = updates.map((u) => u.Key);
    expect(written).toHaveLength(8);
    expect(written).toEqual(expect.arrayContaining([...entries, ideaKeys.idea('i1'), ideaKeys.idea('i2')]));
    // Ideas are written side by side; each idea after its own entries.
    const at = (key: { pk: string; sk: string }) => written.findIndex((k) => k?.pk === key.pk && k?.sk === key.sk);
    for (const entry of entries) expect(at(entry)).toBeLessThan(at(ideaKeys.idea('i1')));
    for (const u of updates) {
      expect(u.ExpressionAttributeNames?.['#c']).toBe('priceBand');
      expect(u.ExpressionAttributeValues).toMatchObject({ ':copy': band, ':v': 3 });
      expect(u.ConditionExpression).toBe(
        'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c.#v < :v OR (#c.#v = :v AND #c <> :copy))',
      );
    }
    expect(done).toEqual({ changed: 8, complete: true });
  });

  it('shows no band while the client has not agreed, and a job that is gone leaves its ideas alone', async () => {
    expect(priceBandCopyOf({ ...job, bandConsent: false })).toEqual({ v: 3 });
    expect(priceBandCopyOf({})).toEqual({ v: 0 });
    expect(await refreshCopy('priceBand', 'gone')).toEqual({ changed: 0, complete: true });
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('the business’s card on its ideas', () => {
  it('is written onto each idea of the business (GSI1) and its entries, an idea with no style included', async () => {
    const business = givenBusiness({ _id: 'b1', businessName: 'Casa', cardVersion: 5, location: 'Tirana' });
    ddbMock
      .on(GetCommand, { Key: keys.business('b1'), ConsistentRead: true })
      .resolves({ Item: { ...keys.business('b1'), ...business } });
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const plain = { _id: 'i3', createdAt: shown.createdAt, room: 'bathroom', town: 'Tirana', service: 'tiles' };
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'BUSINESSIDEAS#b1' } })
      .resolves({ Items: [ideaOf(plain)] });
    ddbMock.on(UpdateCommand).resolves({});

    await refreshCopy('businessCard', 'b1');

    const card = businessCardCopy(business);
    expect(card).toMatchObject({ location: 'Tirana', v: 5 });
    const updates = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    const entries = ideaEntryKeys(plain as never);
    expect(entries).toHaveLength(5);
    expect(updates.map((u) => u.Key)).toEqual([...entries, ideaKeys.idea('i3')]);
    for (const u of updates) expect(u.ExpressionAttributeValues).toMatchObject({ ':copy': card, ':v': 5 });
  });
});

describe('the ideas’ copies on the stream', () => {
  const record = (old: object, next: object) =>
    ({
      eventName: 'MODIFY',
      dynamodb: { OldImage: marshall(old), NewImage: marshall(next) },
    }) as unknown as DynamoDBRecord;
  const stored = { ...keys.finishedJob('p1'), ...job };

  it('refreshes the band from the client’s answer, and not from another change of the job', () => {
    expect(copyChangeOf('priceBand', record(stored, { ...stored, bandConsent: false, bandVersion: 4 }))).toBe('p1');
    expect(copyChangeOf('priceBand', record(stored, { ...stored, ideaPictures: 2 }))).toBeUndefined();
    const idea = ideaOf({ ...shown, postId: 'p1', priceBand: { v: 1 } });
    expect(copyChangeOf('priceBand', record(idea, { ...idea, priceBand: { v: 2 } }))).toBeUndefined();
  });

  it('tells copies written onto a job or an idea from a change of what they are', () => {
    const card = { v: 1, cognitoId: 's1', businessName: 'Casa' };
    // The business's card on the job is a copy; the job's own band is not.
    expect(onlyCopiesChanged(record(stored, { ...stored, business: card }))).toBe(true);
    expect(onlyCopiesChanged(record(stored, { ...stored, bandConsent: false, bandVersion: 4 }))).toBe(false);
    expect(onlyCopiesChanged(record(stored, { ...stored, business: card, rating: 4 }))).toBe(false);
    const idea = ideaOf({ ...shown, postId: 'p1', priceBand: { v: 1 } });
    expect(onlyCopiesChanged(record(idea, { ...idea, priceBand: { v: 2, band: { min: 1 } } }))).toBe(true);
    expect(onlyCopiesChanged(record(idea, { ...idea, room: 'office' }))).toBe(false);
  });
});
