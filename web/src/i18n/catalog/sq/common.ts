import type { common as en } from '../en/common';
import type { Translation } from '../types';

export const common: Translation<typeof en> = {
  'common.language.label': 'Gjuha',
  'common.language.sq': 'Shqip',
  'common.language.en': 'English',
  'common.boot.title': 'Aplikacioni nuk mund të niset',
  'common.boot.body': 'Faqja nuk arriti të ngarkojë cilësimet. Kontrolloni lidhjen dhe ringarkoni faqen.',
  'common.loading': 'Duke u ngarkuar…',
  'common.retry': 'Provo përsëri',
  'common.time.justNow': 'tani',
  'common.time.minutesAgo': '{count, plural, one {# minutë më parë} other {# minuta më parë}}',
  'common.time.hoursAgo': '{count, plural, one {# orë më parë} other {# orë më parë}}',
  'common.time.daysAgo': '{count, plural, one {# ditë më parë} other {# ditë më parë}}',
  'common.time.monthsAgo': '{count, plural, one {# muaj më parë} other {# muaj më parë}}',
  'common.time.yearsAgo': '{count, plural, one {# vit më parë} other {# vjet më parë}}',
};
