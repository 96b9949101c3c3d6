/** Plans: the plans page, and Settings > Plan and billing and Statistics (the app hands them to Settings). */
export { PlanBilling } from './PlanBilling';
export { Statistics } from './Statistics';
