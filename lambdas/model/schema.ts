/**
 * The single DynamoDB table and its indexes (see docs/access-patterns.md). Read by the CDK data
 * construct and by the local provisioning, so both create the same table.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;
/** The table's time-to-live attribute (epoch seconds): DynamoDB deletes an item some time after it passes. */
export const TTL_ATTRIBUTE = 'expiresAt';

export const INDEXES = {
  GSI1: { name: 'GSI1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  GSI2: { name: 'GSI2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
} as const;
export type IndexName = keyof typeof INDEXES;

/**
 * The table's stream: every change with its item before and after, read by the notifier
 * (lambdas/notify/handler.ts; locally bin/local/streams.ts).
 */
export const STREAM_VIEW_TYPE = 'NEW_AND_OLD_IMAGES' as const;
