/** The price guide beside the budget of a new request and the price of an offer. */
export const priceGuide = {
  'priceGuide.range':
    'Most accepted offers for {service} in {town}: {low} to {high} (median {median}), from {count, plural, one {# offer} other {# offers}}',
  'priceGuide.rangeCountry':
    'Most accepted offers for {service} across Albania: {low} to {high} (median {median}), from {count, plural, one {# offer} other {# offers}}',
  'priceGuide.countryNote': 'There are not enough accepted offers in {town} yet, so this is for all of Albania.',
  'priceGuide.extremes': 'All of them between {min} and {max}.',
  'priceGuide.updated': 'Updated {month}.',
  'priceGuide.useMedian': 'Use the median ({median})',
  'priceGuide.empty': 'Not enough accepted offers yet for {service} in {town} to show a price range.',
  'priceGuide.loading': 'Loading the price guide…',
  'priceGuide.failed': 'The price guide could not be loaded.',
  'priceGuide.method': 'How is this worked out?',
  'priceGuide.methodText':
    'From the offers clients accepted on this site in the last {months} months, finished jobs included. "Most" is the middle half: a quarter of the offers were cheaper and a quarter dearer. The median is the price in the middle. Prices are rounded, and within {accuracy}% of the exact ones. A range shows only when it rests on at least {offers} accepted offers from at least {businesses} different businesses, so no single deal can be read from it.',
  'priceGuide.position.below': 'Your price of {price} is below most accepted offers.',
  'priceGuide.position.within': 'Your price of {price} is within the range of most accepted offers.',
  'priceGuide.position.above': 'Your price of {price} is above most accepted offers.',
} as const;
