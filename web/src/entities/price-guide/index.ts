/** The price guide: what accepted offers cost per service and town, beside price fields. */
export { PriceGuide, pricePosition } from './PriceGuide';
