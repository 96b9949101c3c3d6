/** The app shell and what every screen shares: language switch, times, loading and retry. */
export const common = {
  'common.language.label': 'Language',
  'common.language.sq': 'Shqip',
  'common.language.en': 'English',
  'common.boot.title': 'Unable to start the app',
  'common.boot.body': 'The site could not load its settings. Check your connection and reload the page.',
  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'common.time.justNow': 'just now',
  'common.time.minutesAgo': '{count, plural, one {# minute ago} other {# minutes ago}}',
  'common.time.hoursAgo': '{count, plural, one {# hour ago} other {# hours ago}}',
  'common.time.daysAgo': '{count, plural, one {# day ago} other {# days ago}}',
  'common.time.monthsAgo': '{count, plural, one {# month ago} other {# months ago}}',
  'common.time.yearsAgo': '{count, plural, one {# year ago} other {# years ago}}',
} as const;
