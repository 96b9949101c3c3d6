/** Settings of the local stacks the integration and browser tests start (test/support/globalSetup.ts, ownStack.ts). */

/** The test stacks' wait before an unread chat message is emailed (10 minutes with npm start). */
export const CHAT_REMINDER_TEST_DELAY_MS = 2000;

/** The test stacks' interval of writing Sponsored runs' impressions (a minute with npm start). */
export const AD_COUNTS_TEST_FLUSH_MS = 500;

/** What every test stack shares: the shortened waits above. */
export const TEST_STACK_SETTINGS = {
  chatReminderDelayMs: CHAT_REMINDER_TEST_DELAY_MS,
  adCountsFlushMs: AD_COUNTS_TEST_FLUSH_MS,
} as const;
