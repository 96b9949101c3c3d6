/**
 * Pre-token-generation trigger used by the LOCAL user pool only. Real Cognito puts the standard
 * `nickname` attribute (the account type) into the ID token by itself; the cognito-local emulator only
 * copies custom attributes, so locally this trigger adds `nickname` the way Cognito would.
 */
interface PreTokenGenerationEvent {
  request: { userAttributes: Record<string, string> };
  response: { claimsOverrideDetails?: { claimsToAddOrOverride?: Record<string, string> } };
}

export const handler = async (event: PreTokenGenerationEvent): Promise<PreTokenGenerationEvent> => {
  const nickname = event.request.userAttributes.nickname;
  if (nickname) event.response = { claimsOverrideDetails: { claimsToAddOrOverride: { nickname } } };
  return event;
};
