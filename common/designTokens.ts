/**
 * The design tokens: colours, type, spacing, radii, shadows and layout sizes, once for everything that draws the
 * product. The web app gets them as the `:root` block of CSS variables its stylesheet styles every screen with
 * (web/designTokens.ts makes the block from this table at build and dev time); the public pages inline the same
 * block (lambdas/site/styles.ts); the emails, whose mail clients read no variables, take the values themselves.
 * Look: warm and calm, like a furnished room (cream background, terracotta accent, sage secondary).
 */
export const DESIGN_TOKENS = {
  // Colours
  '--color-bg': '#faf7f2',
  '--color-surface': '#ffffff',
  '--color-surface-alt': '#f4eee5',
  '--color-surface-sunken': '#efe7dc',
  '--color-text': '#2b2521',
  '--color-text-muted': '#6f635a',
  '--color-border': '#e6dccf',
  '--color-border-strong': '#cdbfae',
  // The brand's terracotta (logo tile, decoration); text and buttons use the darker primary, which
  // keeps 4.5:1 against white and the light surfaces (WCAG AA).
  '--color-brand': '#b5653a',
  '--color-primary': '#9a522e',
  '--color-primary-hover': '#7f4226',
  '--color-primary-soft': '#f6e4d8',
  '--color-on-primary': '#ffffff',
  '--color-accent': '#4a634c',
  '--color-accent-soft': '#e3ebe1',
  '--color-danger': '#b93a2f',
  '--color-danger-soft': '#f9e1de',
  '--color-success': '#2f6a40',
  '--color-success-soft': '#e0f0e4',
  '--color-warning': '#7d5810',
  '--color-star': '#b7831b',
  '--color-warning-soft': '#fbefd3',
  '--color-overlay': 'rgba(35, 28, 22, 0.55)',
  '--color-focus': 'rgba(181, 101, 58, 0.35)',

  // Type
  '--font-body': "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
  '--font-heading': "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif",
  '--font-size-xs': '0.75rem',
  '--font-size-sm': '0.875rem',
  '--font-size-md': '1rem',
  '--font-size-lg': '1.125rem',
  '--font-size-xl': '1.375rem',
  '--font-size-2xl': '1.75rem',
  '--font-size-3xl': '2.5rem',
  '--line-height': '1.55',

  // Spacing scale
  '--space-1': '4px',
  '--space-2': '8px',
  '--space-3': '12px',
  '--space-4': '16px',
  '--space-5': '20px',
  '--space-6': '24px',
  '--space-8': '32px',
  '--space-10': '40px',
  '--space-12': '48px',

  // Shape and depth
  '--radius-sm': '6px',
  '--radius-md': '10px',
  '--radius-lg': '16px',
  '--radius-xl': '24px',
  '--radius-pill': '999px',
  '--shadow-sm': '0 1px 2px rgba(43, 37, 33, 0.06), 0 1px 3px rgba(43, 37, 33, 0.05)',
  '--shadow-md': '0 4px 14px rgba(43, 37, 33, 0.08)',
  '--shadow-lg': '0 18px 40px rgba(43, 37, 33, 0.16)',
  '--transition': '160ms ease',

  // Layout
  '--navbar-height': '64px',
  '--sidebar-width': '300px',
  '--content-max': '1200px',
  '--filter-panel-width': '270px',
  '--z-navbar': '50',
  '--z-sidebar': '80',
  '--z-modal': '100',
} as const;

export type DesignToken = keyof typeof DESIGN_TOKENS;

/** The tokens as a `:root { ... }` block of CSS variables (one line). */
export const designTokensCss = (): string =>
  `:root{${Object.entries(DESIGN_TOKENS)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
