/**
 * DELETE /account/deletion: the owner of a closed account keeps it (docs/privacy.md). Only with a token from a
 * sign-in made after the closure (403 SIGN_IN_AGAIN otherwise: the old sessions were signed out), and only while it
 * waits for its erasure (409 NOT_CLOSING when it is not closed). The account opens again: its profile, and a
 * business's search entries and public page, come back; what closing ended stays ended.
 */
import { defineHandler } from '../api/http';
import { conflict } from '../lib/errors';
import { getClosure } from '../data/closures';
import { assertSignedInSince, deletionDto } from '../domain/privacy';
import { reopenAccount } from '../privacy/closure';

export const handler = defineHandler('cancelAccountDeletion', {
  run: async ({ caller, event }) => {
    const closure = await getClosure(caller.sub);
    if (!closure) throw conflict('This account is not waiting for its deletion', 'NOT_CLOSING');
    const iat = Number(event.requestContext.authorizer?.jwt?.claims?.iat);
    assertSignedInSince(closure, Number.isFinite(iat) ? iat : undefined);
    await reopenAccount(closure);
    return deletionDto(undefined);
  },
});
