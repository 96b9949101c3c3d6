/**
 * Page-numbered navigation over a cursor-paged list: keeps the cursor of every page reached so far, so
 * numbered buttons can jump back to any visited page and Next follows the server's next cursor.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiPage } from '../../lib/api';

export function useCursorPages<T>(fetchPage: (cursor?: string) => Promise<ApiPage<T[]>>, resetKey: string) {
  // cursors[i] is the cursor that loads page i (page 0 needs none).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>();

  useEffect(() => { setCursors([undefined]); setPage(0); }, [resetKey]);

  const cursor = cursors[page];
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(undefined);
    fetchPage(cursor).then(
      ({ items: pageItems, nextCursor }) => {
        if (!current) return;
        setItems(pageItems);
        setCursors((cs) => {
          const next = cs.slice(0, page + 1);
          if (nextCursor) next[page + 1] = nextCursor;
          // keep later pages that were reached before, if the chain is unchanged
          return cs[page + 1] === nextCursor ? cs : next;
        });
        setLoading(false);
      },
      (err: unknown) => {
        if (!current) return;
        console.error(err);
        setItems([]);
        setError(err);
        setLoading(false);
      },
    );
    return () => { current = false; };
    // fetchPage changes with resetKey only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, cursor, resetKey]);

  const goTo = useCallback((p: number) => {
    setPage(p);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  return { items, page, pageCount: cursors.length, hasNext: cursors.length > page + 1, loading, error, goTo };
}
