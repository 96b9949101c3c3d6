/** Inline stroke icons (24x24, currentColor), so the app needs no icon font. */
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = (path: ReactNode) =>
  function Icon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {path}
      </svg>
    );
  };

export const SearchIcon = base(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
);
export const FilterIcon = base(<path d="M3 5h18l-7 8v6l-4-2v-4z" />);
export const ChatIcon = base(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />);
export const BellIcon = base(
  <>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </>,
);
export const MenuIcon = base(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = base(<path d="M6 6l12 12M18 6L6 18" />);
export const ChevronLeftIcon = base(<path d="M15 18l-6-6 6-6" />);
export const ChevronRightIcon = base(<path d="M9 6l6 6-6 6" />);
export const ChevronDownIcon = base(<path d="M6 9l6 6 6-6" />);
export const EyeIcon = base(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = base(
  <>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10.9 10.9 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6A17.4 17.4 0 0 0 2 12s3.6 7 10 7a10.5 10.5 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </>,
);
/** A shield with a check mark: the verified business badge. */
export const VerifiedIcon = base(
  <>
    <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
    <path d="M9 12l2 2 4-4" />
  </>,
);
export const PlusIcon = base(<path d="M12 5v14M5 12h14" />);
export const HomeIcon = base(
  <>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h14V10" />
  </>,
);
export const UserIcon = base(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </>,
);
export const LogoutIcon = base(
  <>
    <path d="M15 4h4v16h-4" />
    <path d="M10 8l-4 4 4 4M6 12h10" />
  </>,
);
export const MapPinIcon = base(
  <>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);
export const ClockIcon = base(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const ImageIcon = base(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </>,
);

/** The brand mark: a small house on a terracotta tile. */
export function BrandMark(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" className="brand-mark" aria-hidden="true" {...props}>
      <rect width="32" height="32" rx="9" fill="var(--color-brand)" />
      <path d="M8 16.5l8-7 8 7V24H8z" fill="#fff" />
      <rect x="14" y="18" width="4" height="6" fill="var(--color-brand)" />
    </svg>
  );
}
