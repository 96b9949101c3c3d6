/**
 * POST /business/{id}/views: a signed-in user opened a business's profile in the app; its statistics count the view
 * (once per viewer and day; the owner's own views and robots are not counted by the server). Sent once per opening,
 * never waited for: a view that could not be recorded changes nothing the user sees.
 */
import { useEffect } from 'react';
import { api } from '../../../lib/api';

export const recordProfileView = (businessId: string) =>
  api.post<{ counted: boolean }>(`/business/${encodeURIComponent(businessId)}/views`);

export function useRecordProfileView(businessId: string, skip: boolean) {
  useEffect(() => {
    if (skip || !businessId) return;
    recordProfileView(businessId).catch(() => undefined);
  }, [businessId, skip]);
}
