/**
 * Horizontal scroller with previous/next buttons. The buttons show only when the content overflows
 * and the window is wider than `minWindowWidth` (on small screens people swipe). By keyboard, Arrow
 * Left/Right scroll it while focus is on it or on one of its items.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export function Carousel({
  children,
  step,
  minWindowWidth = 0,
  label,
  testId,
}: {
  children: ReactNode;
  /** Pixels per button press. */
  step: number;
  minWindowWidth?: number;
  label: string;
  testId?: string;
}) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [wide, setWide] = useState(() => typeof window === 'undefined' || window.innerWidth > minWindowWidth);

  const measure = useCallback(() => {
    const el = track.current;
    setOverflowing(!!el && el.scrollWidth > el.clientWidth + 1);
    setWide(window.innerWidth > minWindowWidth);
  }, [minWindowWidth]);

  useEffect(() => {
    measure();
    const el = track.current;
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : undefined;
    if (el && observer) {
      observer.observe(el);
      Array.from(el.children).forEach((c) => observer.observe(c));
    }
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [measure, children]);

  const scroll = useCallback(
    (direction: 1 | -1) => track.current?.scrollBy({ left: direction * step, behavior: 'smooth' }),
    [step],
  );

  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      e.preventDefault();
      scroll(e.key === 'ArrowRight' ? 1 : -1);
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [scroll]);
  const showButtons = overflowing && wide;

  return (
    <div className="carousel" role="region" aria-label={label} data-testid={testId} ref={region} tabIndex={0}>
      {showButtons && (
        <button
          type="button"
          className="icon-btn carousel-btn carousel-btn-prev"
          aria-label={t('common.scrollLeft')}
          onClick={() => scroll(-1)}
        >
          <ChevronLeftIcon />
        </button>
      )}
      <div className="carousel-track" ref={track}>
        {children}
      </div>
      {showButtons && (
        <button
          type="button"
          className="icon-btn carousel-btn carousel-btn-next"
          aria-label={t('common.scrollRight')}
          onClick={() => scroll(1)}
        >
          <ChevronRightIcon />
        </button>
      )}
    </div>
  );
}
