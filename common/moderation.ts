/**
 * Reports and moderation (shared by the web app and the API).
 *
 * A moderator is a member of the user pool's `moderator` group (not a `nickname` role: a moderator keeps the
 * client or business account they have). The ID token carries the group in `cognito:groups`; API Gateway's JWT
 * authorizer hands an array claim to the Lambda as a string like "[moderator other]".
 */
export const MODERATOR_GROUP = 'moderator';

/** What a signed-in user can report. Chat messages keep their own route (POST /chat/rooms/{roomId}/messages/{messageId}/report). */
export const REPORT_KINDS = ['post', 'business', 'review', 'chatMessage'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why: one of a fixed list (the web app words each in both languages). */
export const REPORT_REASONS = ['spam', 'fraud', 'abusive', 'inappropriate', 'fake', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** An optional note with a report, in characters. */
export const REPORT_NOTE_MAX = 500;
/** A moderator's reason when hiding, suspending or refusing a verification, in characters. */
export const MODERATION_REASON_MAX = 500;

/** What a moderator does with an open report. */
export const MODERATION_ACTIONS = ['hide', 'dismiss', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** A report's state: open until a moderator acts, then the action taken. */
export const REPORT_STATUSES = ['open', 'hidden', 'dismissed', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Whether the `cognito:groups` claim (an array, or API Gateway's "[a b]" string) names the group. */
export function claimHasGroup(claim: unknown, group: string): boolean {
  if (Array.isArray(claim)) return claim.includes(group);
  if (typeof claim !== 'string') return false;
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .includes(group);
}
