/** The page's `<title>` in the chosen language: "Page · Interio" (the brand alone without a page text). */
import { useEffect } from 'react';
import { BRAND } from '../lib/brand';
import type { MessageId } from './catalog/en';
import { useT, type MessageValues } from './useT';

export function usePageTitle(id: MessageId | undefined, values?: MessageValues) {
  const t = useT();
  const text = id ? t(id, values) : '';
  useEffect(() => {
    document.title = text ? `${text} · ${BRAND.name}` : BRAND.name;
  }, [text]);
}
