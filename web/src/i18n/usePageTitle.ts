/**
 * The page's `<title>` in the chosen language: "Page · Interio" (the brand alone without a page text).
 * The app frame (app/RootLayout.tsx) puts the brand back on every navigation before pages set theirs,
 * so a route without a title never keeps the previous page's; this sets it again for each location.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BRAND } from '../../../common/brand';
import type { MessageId } from './catalog/en';
import { useT, type MessageValues } from './useT';

export function usePageTitle(id: MessageId | undefined, values?: MessageValues) {
  const t = useT();
  const { key } = useLocation();
  const text = id ? t(id, values) : '';
  useEffect(() => {
    document.title = text ? `${text} · ${BRAND.name}` : BRAND.name;
  }, [text, key]);
}
