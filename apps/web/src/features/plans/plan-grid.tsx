import { SimpleGrid } from '@mantine/core';
import type { Plan } from '@billbridge/contract';
import { PlanCard } from './plan-card.tsx';
import { gridPlans } from './plan-grid-plans.ts';

type PlanGridProps = {
  onSelect: (plan: Plan) => void;
  currentPlanId?: string;
  disabled?: boolean;
};

/** Spec §2 "Plan screens": up to four columns, legacy plans hidden; shared with change plan. */
export const PlanGrid = ({ onSelect, currentPlanId, disabled }: PlanGridProps) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
    {gridPlans().map((plan) => (
      <PlanCard
        key={plan.id}
        plan={plan}
        current={plan.id === currentPlanId}
        disabled={disabled}
        onSelect={onSelect}
      />
    ))}
  </SimpleGrid>
);
