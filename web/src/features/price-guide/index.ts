/** The price guide (issue 23): what accepted offers cost per service and town, beside price fields. */
export { PriceGuide, pricePosition } from './PriceGuide';
