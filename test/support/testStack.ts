/** Settings of the local stacks the integration and browser tests start (test/support/globalSetup.ts, ownStack.ts). */

/** The test stacks' wait before an unread chat message is emailed (10 minutes with npm start). */
export const CHAT_REMINDER_TEST_DELAY_MS = 2000;

/** The test stacks' interval of writing Sponsored runs' impressions (a minute with npm start). */
export const AD_COUNTS_TEST_FLUSH_MS = 500;

/**
 * What every test stack shares: the shortened waits above, and DynamoDB Local's tables in memory (a test stack's data
 * is thrown away at its end; the fault test that restarts DynamoDB Local and expects its data keeps the data folder).
 */
export const TEST_STACK_SETTINGS = {
  chatReminderDelayMs: CHAT_REMINDER_TEST_DELAY_MS,
  adCountsFlushMs: AD_COUNTS_TEST_FLUSH_MS,
  dynamoInMemory: true,
} as const;
