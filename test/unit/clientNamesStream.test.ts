/** Which stream records carry a client's rename onto its posts (lambdas/model/copies.ts COPIES.clientName). */
import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { copyChangeOf } from '../../lambdas/notify/copies';

const renameOf = (r: DynamoDBRecord) => copyChangeOf('clientName', r);

const client = { pk: 'USER#u1', sk: 'PROFILE', _id: 'u1', cognitoId: 's1', username: 'Ana' };
const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', old?: object, next?: object) =>
  ({
    eventName,
    dynamodb: {
      ...(old ? { OldImage: marshall(old) } : {}),
      ...(next ? { NewImage: marshall(next) } : {}),
    },
  }) as unknown as DynamoDBRecord;

describe('renameOf', () => {
  it('answers the client when a client record changes its username', () => {
    expect(renameOf(record('MODIFY', client, { ...client, username: 'Ana Hoxha' }))).toBe('u1');
  });

  it('ignores other changes of the record, new and removed records, and records of other kinds', () => {
    expect(renameOf(record('MODIFY', client, { ...client, location: 'Tirana' }))).toBeUndefined();
    expect(renameOf(record('INSERT', undefined, client))).toBeUndefined();
    expect(renameOf(record('REMOVE', client, undefined))).toBeUndefined();
    const business = { pk: 'BUSINESS#b1', sk: 'PROFILE', _id: 'b1', username: 'Old' };
    expect(renameOf(record('MODIFY', business, { ...business, username: 'New' }))).toBeUndefined();
    const post = { pk: 'POST#p1', sk: 'POST', _id: 'p1', clientName: 'Old' };
    expect(renameOf(record('MODIFY', post, { ...post, clientName: 'New' }))).toBeUndefined();
  });
});
