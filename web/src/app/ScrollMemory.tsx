/**
 * Scroll position per history entry: a new page opens at the top; Back and Forward return to where the
 * reader was on that page (kept for the visit in memory, like the browser does for documents).
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

export function ScrollMemory() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const saved = positions.get(key);
    window.scrollTo(0, navigationType === 'POP' && saved !== undefined ? saved : 0);
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [key, navigationType]);
  return null;
}
