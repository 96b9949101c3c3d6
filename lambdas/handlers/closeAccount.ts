/**
 * POST /account/deletion {password, confirm: true}: the caller deletes their account (docs/privacy.md). The password
 * is checked with the user pool (a wrong one: 400 WRONG_PASSWORD, nothing changed; too many lately: 429). Then the
 * account is closed at once (lambdas/data/closures.ts: the API refuses its tokens from now on, its profile and public
 * page answer 410), signed out everywhere, and what it had running ends (lambdas/privacy/closure.ts) within half of
 * the request's time; the erasure job finishes the rest and erases the account ERASURE_DELAY_DAYS later unless its
 * owner signs in again and cancels. An email says the date. Answers the deletion's status with that date.
 */
import { closeAccountBody } from '../../common/schemas/privacy';
import { defineHandler } from '../api/http';
import { fieldError, forbidden, tooManyAttempts } from '../lib/errors';
import { copiesDeadline } from '../lib/dependencies';
import { checkPassword } from '../lib/userPool';
import { getAccount } from '../data/accounts';
import { writeClosure } from '../data/closures';
import { closureWritten } from '../data/suspensions';
import { getBusinessById, getUserById } from '../data/users';
import { deletionDto, newClosure } from '../domain/privacy';
import { finishClosing } from '../privacy/closure';
import { ErasureStopped, progressOf } from '../privacy/progress';

export const handler = defineHandler('closeAccount', {
  body: closeAccountBody,
  run: async ({ caller, body, log }) => {
    const started = Date.now();
    const account = await getAccount(caller.sub);
    if (!account || account.role !== caller.role)
      throw forbidden(`Create your ${caller.role} profile first`, 'PROFILE_REQUIRED');
    const profile = account.role === 'business' ? await getBusinessById(account.id) : await getUserById(account.id);
    const email = caller.email ?? profile?.email;

    const check = await checkPassword(email ?? caller.sub, body.password);
    if (check === 'locked')
      throw tooManyAttempts('Too many wrong passwords lately: wait a few minutes, then try again');
    if (check === 'wrong') throw fieldError('password', 'is not the password of this account', 'WRONG_PASSWORD');

    const closure = newClosure(
      {
        sub: caller.sub,
        role: account.role,
        profileId: account.id,
        ...(email ? { email } : {}),
        ...(profile?.language ? { language: profile.language } : {}),
      },
      new Date().toISOString(),
    );
    await writeClosure(closure);
    closureWritten();
    try {
      await finishClosing(closure, { log, progress: progressOf({ until: copiesDeadline(started) }) });
    } catch (err) {
      // The account is closed: what is left of the closing is the erasure job's (it runs every hour).
      log.warn('Closing left to the erasure job', {
        reason:
          err instanceof ErasureStopped ? 'time' : err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
    }
    return deletionDto(closure);
  },
});
