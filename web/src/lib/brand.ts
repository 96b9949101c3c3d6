/** Product name, slogans and support contacts shown in the frame (navbar, footer, landing, login). */
export const BRAND = {
  name: 'Interio',
  slogan: 'Decorate your home with us',
  tagline: 'Elevate your environment, one piece at a time.',
  supportEmail: 'support@interio.al',
  supportPhone: '+355 69 123 4567',
} as const;
