/**
 * GET /account/deletion: whether the caller's account is in use or closed and waiting for its erasure, and when it
 * is erased. One of the two routes a closed account's token is still answered on (common/routes.ts closedAccount).
 */
import { defineHandler } from '../api/http';
import { getClosure } from '../data/closures';
import { deletionDto } from '../domain/privacy';

export const handler = defineHandler('getAccountDeletion', {
  run: async ({ caller }) => deletionDto(await getClosure(caller.sub)),
});
