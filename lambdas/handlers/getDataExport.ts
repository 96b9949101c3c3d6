/**
 * GET /account/export: the caller's latest data export (docs/privacy.md): none, asked, being made, ready (with a
 * signed download address valid until the file's 24 hours are up), failed, or past its time; and from when the
 * next may be asked. Only the caller's own: nobody can read another person's export or its link.
 */
import { defineHandler } from '../api/http';
import { downloadUrl, getExport } from '../data/exports';
import { downloadSecondsLeft, exportDto } from '../domain/privacy';

export const handler = defineHandler('getDataExport', {
  run: async ({ caller }) => {
    const latest = await getExport(caller.sub);
    const now = new Date().toISOString();
    const answer = exportDto(latest, now);
    if (answer.status !== 'ready' || !latest?.key || !latest.readyAt) return answer;
    return exportDto(latest, now, await downloadUrl(latest.key, downloadSecondsLeft(latest.readyAt, now)));
  },
});
