/**
 * Every uploaded picture of the app is shown through this <img>: `srcset`/`sizes` over the processed
 * widths (common/images.ts), `width`/`height` so the layout does not shift, lazy loading unless
 * `eager` (above the fold), async decoding. Without an address, or when the picture fails, the
 * placeholder shows; a picture still being processed shows the placeholder and appears by itself once
 * its state says ready (polled, no reload).
 */
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { imageSources, stateAddressOf } from '../../../common/images';
import { imageUrl } from '../lib/images';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'loading' | 'width' | 'height'> & {
  src?: string | null;
  fallback: string;
  /** Intrinsic box (any pair with the shown aspect ratio): reserves the space before the picture arrives. */
  width: number;
  height: number;
  /** Above the fold: load at once. */
  eager?: boolean;
};

const POLL_MS = 2000;
const POLL_LIMIT = 60;

export function SafeImage({ src, fallback, alt, sizes = '100vw', eager, width, height, ...rest }: Props) {
  const resolved = imageUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const broken = !!resolved && failed === resolved;

  // A processed picture that is not there yet: wait for its state, then try again.
  useEffect(() => {
    const state = broken && resolved ? stateAddressOf(resolved) : undefined;
    if (!state) return;
    let polls = 0;
    const timer = setInterval(async () => {
      if (++polls > POLL_LIMIT) return clearInterval(timer);
      const res = await fetch(state, { cache: 'no-store' }).catch(() => undefined);
      if (!res?.ok) return;
      clearInterval(timer);
      const body = (await res.json().catch(() => undefined)) as { state?: string } | undefined;
      if (body?.state === 'ready') {
        setFailed(null);
        setAttempt((n) => n + 1);
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [broken, resolved]);

  const sources = resolved && !broken ? imageSources(resolved) : { src: fallback };
  return (
    <img
      key={attempt}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => resolved && setFailed(resolved)}
      {...rest}
    />
  );
}
