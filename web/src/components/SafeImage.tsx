/** An <img> that falls back to a placeholder when there is no address or it fails to load. */
import { useState, type ImgHTMLAttributes } from 'react';
import { imageUrl } from '../lib/images';

export function SafeImage({
  src,
  fallback,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  fallback: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const resolved = imageUrl(src);
  const shown = resolved && failed !== resolved ? resolved : fallback;
  return <img src={shown} alt={alt} loading="lazy" onError={() => resolved && setFailed(resolved)} {...rest} />;
}
