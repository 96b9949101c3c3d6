/**
 * Minimal data hook: runs `load` when `deps` change and keeps {data, error, loading}. Results of an
 * outdated run (deps changed meanwhile) are dropped. `reload()` runs it again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[], enabled = true): AsyncState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(enabled);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) { setLoading(false); return; }
    let current = true;
    setLoading(true);
    setError(undefined);
    loadRef.current().then(
      (value) => { if (current) { setData(value); setLoading(false); } },
      (err: unknown) => {
        if (!current) return;
        console.error(err);
        setError(err);
        setLoading(false);
      },
    );
    return () => { current = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
