/**
 * Moderators for tests: a user of the local pool added to the moderator group (created when missing), with a
 * fresh ID token that carries `cognito:groups`. The seed's demo moderator is not used, so tests stay independent.
 * And what they read: the reports queue, all its pages.
 */
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../common/constants';
import { MODERATOR_GROUP, type ReportedItem } from '../../common/moderation';
import { call, stack } from './api';

/** Adds the user to the moderator group and signs in again: answers the new ID token. */
export async function makeModerator(account: { email: string; password: string }): Promise<string> {
  const s = stack();
  const pool = new CognitoIdentityProviderClient({
    endpoint: s.authEndpoint,
    region: s.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await pool.send(new CreateGroupCommand({ UserPoolId: s.userPoolId, GroupName: MODERATOR_GROUP }));
  } catch (err) {
    if ((err as Error).name !== 'GroupExistsException') throw err;
  }
  await pool.send(
    new AdminAddUserToGroupCommand({ UserPoolId: s.userPoolId, Username: account.email, GroupName: MODERATOR_GROUP }),
  );
  const auth = await pool.send(
    new InitiateAuthCommand({
      ClientId: s.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

/** Every entry of one status of the queue (all its pages). */
export async function reportQueue(token: string, status = 'open', limit = 100): Promise<ReportedItem[]> {
  const all: ReportedItem[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res: Awaited<ReturnType<typeof call>> = await call(
      'GET',
      `/moderation/reports?status=${status}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...(res.body as ReportedItem[]));
    cursor = res.headers.get(NEXT_CURSOR_HEADER);
    if (!cursor) return all;
  }
}

/** The queue entry of one reported item (by its target id), if it is in that status' queue. */
export const entryOf = async (token: string, targetId: string, status = 'open') =>
  (await reportQueue(token, status)).find((e) => e.targetId === targetId);

/** `reporter` reports the item and the moderator (`moderatorToken`) hides it from the open queue; both must succeed. */
export async function reportAndHide(
  moderatorToken: string,
  reporter: { token: string },
  item: { kind: string; targetId: string; reason?: string },
  decisionReason = 'Not real',
): Promise<void> {
  const reported = await call('POST', '/report', {
    token: reporter.token,
    body: { kind: item.kind, targetId: item.targetId, reason: item.reason ?? 'fraud' },
  });
  expect(reported.status, JSON.stringify(reported.body)).toBe(201);
  const entry = (await entryOf(moderatorToken, item.targetId))!;
  const decided = await call('POST', `/moderation/reports/${entry._id}/decision`, {
    token: moderatorToken,
    body: { action: 'hide', reason: decisionReason },
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
}
