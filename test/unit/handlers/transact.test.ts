import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { useTestEnv } from '../../support/events';
import { HttpError } from '../../../lambdas/lib/errors';
import { TransactionRefused, transact, transactWrite } from '../../../lambdas/data/transact';
import { cancelled, ddbMock, resetDb } from './fixtures';

beforeAll(useTestEnv);
beforeEach(resetDb);

const items = [
  {
    Put: { TableName: 't', Item: { pk: 'A', sk: 'A' } },
    onConditionFailed: { message: 'A is taken', code: 'ALREADY_EXISTS' as const },
  },
  {
    Put: { TableName: 't', Item: { pk: 'B', sk: 'B' } },
    onConditionFailed: { message: 'B is taken', code: 'ALREADY_OFFERED' as const },
  },
];

describe('transactWrite', () => {
  it('answers 409 with the message and code of the first item whose condition failed', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const err = await transactWrite(items).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect([err.status, err.message, err.code]).toEqual([409, 'B is taken', 'ALREADY_OFFERED']);
    // The messages are ours: they are not sent to DynamoDB.
    expect(ddbMock.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems?.[1]).not.toHaveProperty(
      'onConditionFailed',
    );
  });

  it('retries while it only lost to concurrent transactions, then succeeds', async () => {
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .resolves({});
    await expect(transactWrite(items)).resolves.toBeUndefined();
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('gives up after a few conflicts with a 409 asking to try again', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));
    const err = await transactWrite(items).catch((e) => e);
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/try again/);
    expect(err.code).toBe('CONCURRENT_CHANGE');
  });

  it('lets throttling surface as an error that is not a 4xx', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ThrottlingError', 'None'));
    const err = await transactWrite(items).catch((e) => e);
    expect(err).not.toBeInstanceOf(HttpError);
  });
});

describe('transact', () => {
  it('throws TransactionRefused telling which item failed', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const err = await transact(items).catch((e) => e);
    expect(err).toBeInstanceOf(TransactionRefused);
    expect([err.conditionFailed(0), err.conditionFailed(1)]).toEqual([true, false]);
  });
});
