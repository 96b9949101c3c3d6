/** Subscription plans (Basic free, Standard 5 and Premium 8 a month in the stage's charge currency). */
import { SUBSCRIPTION_PLANS, type PlanId } from '../../common/constants';
import { conflict } from '../lib/errors';

export const planById = (id: PlanId) => SUBSCRIPTION_PLANS.find((p) => p.id === id)!;

export const planDescription = (id: PlanId) => {
  const plan = planById(id);
  return `${plan.name} plan, monthly`;
};

export function assertPlanChange(current: PlanId | undefined, wanted: PlanId) {
  if ((current ?? 'basic') === wanted)
    throw conflict(`You are already on the ${planById(wanted).name} plan`, 'ALREADY_ON_PLAN');
}
