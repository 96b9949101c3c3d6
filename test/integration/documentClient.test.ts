/**
 * The API's document client (lambdas/data/client.ts), which builds each kind of command's middleware chain once and
 * reuses it, answers as lib-dynamodb's own client does, on a table of its own in the test stack's DynamoDB Local:
 * many calls of one kind at once each get their own item, Query / Update / errors answer the same, and a step added
 * to the client after it has been used runs from the next call.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../bin/local/provision';
import { DocumentClient } from '../../lambdas/data/client';
import { stack } from '../support/api';

const TABLE = `document-client-${randomUUID().slice(0, 8)}`;
const translateConfig = { marshallOptions: { removeUndefinedValues: true } };
let kept: DocumentClient;
let plain: DynamoDBDocumentClient;

function dynamo() {
  const s = stack();
  return new DynamoDBClient({
    endpoint: s.dynamoEndpoint,
    region: s.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

beforeAll(async () => {
  await ensureTable(stack().dynamoEndpoint, TABLE);
  kept = new DocumentClient(dynamo(), translateConfig);
  plain = DynamoDBDocumentClient.from(dynamo(), translateConfig);
  for (let i = 0; i < 30; i++) {
    await plain.send(
      new PutCommand({
        TableName: TABLE,
        Item: { pk: 'items', sk: `item#${String(i).padStart(2, '0')}`, n: i, tags: new Set([`t${i}`]), nested: { i } },
      }),
    );
  }
});
afterAll(() => {
  kept?.destroy();
  plain?.destroy();
});

describe('the document client that keeps its chains', () => {
  it('answers many Gets of the same kind at once, each with its own item', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        kept.send(new GetCommand({ TableName: TABLE, Key: { pk: 'items', sk: `item#${String(i).padStart(2, '0')}` } })),
      ),
    );
    expect(answers.map((a) => a.Item?.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(answers[7].Item).toEqual({ pk: 'items', sk: 'item#07', n: 7, tags: new Set(['t7']), nested: { i: 7 } });
  });

  it('answers a Query, page after page, as lib-dynamodb does', async () => {
    const input = (start?: Record<string, unknown>): QueryCommandInput => ({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'items', ':prefix': 'item#' },
      ScanIndexForward: false,
      Limit: 8,
      ExclusiveStartKey: start,
    });
    let start: Record<string, unknown> | undefined;
    let pages = 0;
    do {
      const [ours, theirs] = await Promise.all([
        kept.send(new QueryCommand(input(start))),
        plain.send(new QueryCommand(input(start))),
      ]);
      expect(ours.Items).toEqual(theirs.Items);
      expect(ours.LastEvaluatedKey).toEqual(theirs.LastEvaluatedKey);
      start = ours.LastEvaluatedKey;
      pages++;
    } while (start);
    expect(pages).toBe(4);
  });

  it('writes with an Update and reads back what it wrote, and a refused condition fails that call only', async () => {
    const key = { pk: 'items', sk: 'item#03' };
    const updated = await kept.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: 'SET n = n + :one, note = :note',
        ExpressionAttributeValues: { ':one': 1, ':note': 'changed' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(updated.Attributes).toMatchObject({ n: 4, note: 'changed' });
    await expect(
      kept.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: key,
          UpdateExpression: 'SET n = :n',
          ConditionExpression: 'n = :expected',
          ExpressionAttributeValues: { ':n': 100, ':expected': 3 },
        }),
      ),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    const after = await kept.send(new GetCommand({ TableName: TABLE, Key: key }));
    expect(after.Item).toEqual((await plain.send(new GetCommand({ TableName: TABLE, Key: key }))).Item);
    expect(after.Item?.n).toBe(4);
  });

  it('runs a step added to the client after its first calls, from the next call on', async () => {
    await kept.send(new GetCommand({ TableName: TABLE, Key: { pk: 'items', sk: 'item#01' } }));
    const seen: string[] = [];
    kept.middlewareStack.add(
      (next, context) => async (args) => {
        seen.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'documentClientTestCounter' },
    );
    try {
      await kept.send(new GetCommand({ TableName: TABLE, Key: { pk: 'items', sk: 'item#01' } }));
      expect(seen).toEqual(['GetItemCommand']);
    } finally {
      kept.middlewareStack.remove('documentClientTestCounter');
    }
    await kept.send(new GetCommand({ TableName: TABLE, Key: { pk: 'items', sk: 'item#01' } }));
    expect(seen).toEqual(['GetItemCommand']);
  });

  it('takes lib-dynamodb’s own path for a call with options', async () => {
    const controller = new AbortController();
    const answer = await kept.send(new GetCommand({ TableName: TABLE, Key: { pk: 'items', sk: 'item#09' } }), {
      abortSignal: controller.signal,
    });
    expect(answer.Item?.n).toBe(9);
  });
});
