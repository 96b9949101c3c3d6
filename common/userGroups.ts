/**
 * The user pool's groups that open pages beyond a role (a member keeps the client or business account it has): the
 * moderators (reports, verification, payments: common/moderation.ts) and the operators (the marketplace's figures:
 * common/operatorFigures.ts). The ID token carries them in `cognito:groups`; API Gateway's JWT authorizer hands that
 * array claim to the Lambda as a string like "[moderator other]". A module of its own, so the web app reads a
 * session's groups without the code of the pages they open.
 */
export const MODERATOR_GROUP = 'moderator';
/** Operators are members of the user pool's `operator` group (the ID token's `cognito:groups`), whatever their role. */
export const OPERATOR_GROUP = 'operator';

/** Whether the `cognito:groups` claim (an array, or API Gateway's "[a b]" string) names the group. */
export function claimHasGroup(claim: unknown, group: string): boolean {
  if (Array.isArray(claim)) return claim.includes(group);
  if (typeof claim !== 'string') return false;
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .includes(group);
}
