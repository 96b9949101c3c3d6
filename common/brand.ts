/** Product name and support contacts shown in the frame (navbar, footer, landing, login); the slogans are catalogue texts (common.brand.*). */
export const BRAND = {
  name: 'Interio',
  supportEmail: 'support@interio.al',
  supportPhone: '+355 69 123 4567',
} as const;
