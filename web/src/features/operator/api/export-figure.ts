/**
 * GET /operator/export?figure=&from=&to=&town=&service=: one figure's weeks as CSV text, saved by the browser as a
 * file named as the API names it (exportFileName, common/operatorFigures.ts).
 */
import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import { exportFileName } from '../../../../../common/operatorFigures';
import type { operatorExportQuery } from '../../../../../common/schemas/operator';
import { api, toQuery } from '../../../lib/api';

export type ExportRequest = z.output<typeof operatorExportQuery>;

export const exportOperatorFigure = (q: ExportRequest) =>
  api.get<string>(
    `/operator/export${toQuery({ figure: q.figure, from: q.from, to: q.to, town: q.town, service: q.service })}`,
  );

/** Hands the text to the browser as a download; answers the file's name. */
function save(text: string, name: string): string {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useExportOperatorFigure() {
  return useMutation({
    mutationFn: async (q: ExportRequest) =>
      save(await exportOperatorFigure(q), exportFileName(q.figure, q.from, q.to, { town: q.town, service: q.service })),
  });
}
