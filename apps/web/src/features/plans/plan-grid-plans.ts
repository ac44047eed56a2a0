import { isSelectablePlan, planList, type Plan } from '@billbridge/contract';

/** What a plan card offers: picking it, or (enterprise) a link to an external page. */
export type PlanChoice = 'select' | 'external';

/** The plan grid (spec §2 "Plan screens") in configuration order; legacy plans are hidden. */
export const gridPlans = (): Plan[] => planList.filter((plan) => !plan.legacy);

export const planChoice = (plan: Plan): PlanChoice => (isSelectablePlan(plan) ? 'select' : 'external');
