/** Settings of the local stacks the integration and browser tests start (test/support/globalSetup.ts). */

/** The test stacks' wait before an unread chat message is emailed (10 minutes with npm start). */
export const CHAT_REMINDER_TEST_DELAY_MS = 2000;
