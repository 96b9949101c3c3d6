/**
 * POST /account/export: the caller asks for a copy of everything held about them (docs/privacy.md). At most one a
 * day (409 EXPORT_TOO_SOON, saying when the next may be asked; a failed one may be asked again at once). The request
 * is stored `requested` and answered 202; the privacy worker makes the ZIP from the table's stream and emails the
 * link (lambdas/privacy/worker.ts). Only the caller's own data: the export is the token's subject's.
 */
import { defineHandler, reply } from '../api/http';
import { conflict, forbidden } from '../lib/errors';
import { getAccount } from '../data/accounts';
import { getExport, putExportRequest } from '../data/exports';
import type { StoredExport } from '../model/exports';
import { getBusinessById, getUserById } from '../data/users';
import { assertExportAllowed, exportDto } from '../domain/privacy';

export const handler = defineHandler('requestDataExport', {
  run: async ({ caller }) => {
    const account = await getAccount(caller.sub);
    if (!account || account.role !== caller.role)
      throw forbidden(`Create your ${caller.role} profile first`, 'PROFILE_REQUIRED');
    const now = new Date().toISOString();
    assertExportAllowed(await getExport(caller.sub), now);
    const profile = account.role === 'business' ? await getBusinessById(account.id) : await getUserById(account.id);
    const request: StoredExport = {
      sub: caller.sub,
      role: account.role,
      profileId: account.id,
      ...((caller.email ?? profile?.email) ? { email: caller.email ?? profile?.email } : {}),
      ...(profile?.language ? { language: profile.language } : {}),
      status: 'requested',
      requestedAt: now,
    };
    if (!(await putExportRequest(request))) {
      // Another request stored one meanwhile: the same answer as if it had come first.
      assertExportAllowed(await getExport(caller.sub), now);
      throw conflict('Another export request came at the same time. Reload and try again.', 'CONCURRENT_CHANGE');
    }
    return reply(202, exportDto(request, now));
  },
});
