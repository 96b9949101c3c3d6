import { AVATAR_PLACEHOLDER } from '../lib/images';
import { SafeImage } from './SafeImage';

/** Round profile picture with the placeholder fallback. */
export function Avatar({ src, alt, size }: { src?: string | null; alt: string; size?: 'sm' | 'lg' }) {
  return (
    <SafeImage
      className={`avatar${size ? ` avatar-${size}` : ''}`}
      src={src}
      fallback={AVATAR_PLACEHOLDER}
      alt={alt}
      width={96}
      height={96}
      sizes={size === 'lg' ? '96px' : '48px'}
    />
  );
}
