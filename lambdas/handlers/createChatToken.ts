/**
 * POST /chat/token: a Firebase custom token for the caller (uid = Cognito sub, claims: role and the
 * caller's user or business id), so the web app can sign in to the Realtime Database, whose rules
 * limit each room to its two members. 503 when the stage has no Firebase service account.
 */
import type { ErrorCode } from '../../common/errors';
import { defineHandler, reply } from '../api/http';
import { getAccount } from '../data/accounts';
import { mintFirebaseToken } from '../domain/chat';
import { ChatNotConfigured, loadServiceAccount } from '../chat/serviceAccount';
import { dependencyFault } from '../lib/dependencies';

export const handler = defineHandler('createChatToken', {
  run: async ({ caller, log }) => {
    let account;
    try {
      account = await loadServiceAccount();
    } catch (err) {
      // Secrets Manager down, throttled or slow: the wrapper's 503 with Retry-After (it will pass).
      if (dependencyFault(err)) throw err;
      // Missing or unreadable service account: an operator's problem, logged, never the key itself.
      const reason = err instanceof ChatNotConfigured ? err.message : 'The Firebase service account could not be read';
      log.error('Chat token unavailable', { reason });
      return reply(503, { message: 'Chat is not configured', code: 'CHAT_NOT_CONFIGURED' satisfies ErrorCode });
    }
    const record = await getAccount(caller.sub);
    const accountId = record && record.role === caller.role ? record.id : undefined;
    const token = await mintFirebaseToken(account, caller.sub, {
      role: caller.role,
      ...(accountId ? { accountId } : {}),
    });
    return { token, uid: caller.sub };
  },
});
