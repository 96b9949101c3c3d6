/** Idempotent provisioning of the local resources the CDK stack creates in the cloud. */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from '@aws-sdk/client-dynamodb';
import { LocalStackError } from './emulators';
import { INDEXES, STREAM_VIEW_TYPE, TABLE_KEYS } from '../../lambdas/model/schema';

export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
    Object.values(INDEXES).forEach((i) => {
      attrs.add(i.partitionKey);
      attrs.add(i.sortKey);
    });
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: Object.values(INDEXES).map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW_TYPE },
      }),
    );
    return { created: true };
  } catch (err) {
    if (err instanceof ResourceInUseException) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // Every table this creates has its stream: one without was made by a version of the app older than the data
      // model it reads (docs/local-development.md).
      if (!Table?.StreamSpecification?.StreamEnabled)
        throw new LocalStackError(
          `the local table ${tableName} was made by an older version of the app (it has no stream). Run npm run reset (it deletes the local data) and npm start again.`,
        );
      return { created: false };
    }
    throw err;
  } finally {
    client.destroy();
  }
}

/**
 * A service account for minting Firebase custom tokens and writing chat messages locally (the cloud
 * keeps the real one in Secrets Manager). Generated once per data folder; its `token_uri` is the local
 * database emulator's token endpoint (the port may change between runs, so it is set on each start).
 */
export function ensureLocalServiceAccount(dir: string, projectId: string, tokenUri: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'service-account.json');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(
      file,
      JSON.stringify(
        {
          type: 'service_account',
          project_id: projectId,
          client_email: `local-chat@${projectId}.iam.gserviceaccount.com`,
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
        null,
        2,
      ),
    );
  }
  return JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), token_uri: tokenUri });
}

/** A random secret kept in `file` (made on first use): the local stand-in for a Secrets Manager secret. */
export function ensureLocalSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
