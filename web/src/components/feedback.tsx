/** Small pieces several screens share: timed banners and star ratings. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/useT';
import './feedback.css';

/** A message that disappears after `ms` (the spec's banners: 3 s, 5 s, 1 s). */
export function useTimedMessage(ms: number): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      setText(value);
      timer.current = setTimeout(() => setText(null), ms);
    },
    [ms],
  );
  return [text, show];
}

export function Banner({
  text,
  kind = 'success',
  testId,
}: {
  text: string | null;
  kind?: 'success' | 'error';
  testId?: string;
}) {
  if (!text) return null;
  return (
    <div
      className={`banner banner-${kind} fx-banner`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {text}
    </div>
  );
}

/** Read-only 0-5 stars. */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const t = useT();
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="fx-stars" role="img" aria-label={label ?? t('common.stars', { value })}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} className={i <= value ? 'fx-star fx-star--on' : 'fx-star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

/** 1-5 star picker (radio group semantics). */
export function StarPicker({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const t = useT();
  return (
    <div className="fx-stars fx-stars--picker" role="radiogroup" aria-label={t('common.rating')}>
      {[1, 2, 3, 4, 5].map((i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={value === i}
          aria-label={t('common.starOption', { count: i })}
          data-testid={`review-star-${i}`}
          className={i <= value ? 'fx-star fx-star--on' : 'fx-star'}
          onClick={() => onChange(i)}
        >
          ★
        </button>
      ))}
    </div>
  );
}
