/**
 * Plans (spec §3 "Plan", §9 plans table) as configuration, shared by the plan screens, the server
 * and, later, the sync engine (caps) and billing (Stripe prices).
 *
 * Money is in the plan's currency's major units (`49` = $49.00, `0.005` = half a cent), as the spec's
 * payment form multiplies `price` by 100. The two price identifiers are the Stripe `lookup_key`s of
 * the prices of Billbridge's own billing: the monthly fee and the metered overage. The server finds
 * (or creates) the prices by these keys on the platform account at start, so no Stripe id is fixed.
 */
export const planIds = ['free', 'pro', 'business', 'enterprise', 'gold'] as const;
export type PlanId = (typeof planIds)[number];

export type Plan = {
  id: PlanId;
  titleKey: string;
  descriptionKeys: string[];
  /** Per month; `null` = custom (shown as "Custom"), `0` = free (shown as the plan title). */
  price: number | null;
  currency: 'usd';
  popular: boolean;
  /** Hidden from the plan grid; workspaces already on it keep it. */
  legacy: boolean;
  free: boolean;
  /** Lookup key of the Stripe price of the monthly fee; `null` when nothing is charged through Stripe. */
  priceId: string | null;
  /** Lookup key of the Stripe metered price the events beyond `includedSyncEvents` are reported to. */
  meteredPriceId: string | null;
  featureKeys: string[];
  /** Sync events per billing period included in the price; `null` = custom or not shown. */
  includedSyncEvents: number | null;
  /** Price of one event beyond the included ones; `null` = none: the workspace is capped instead. */
  overagePricePerEvent: number | null;
  /**
   * Months the activity log and the dashboard keep a workspace's activity; older rows are deleted
   * by the retention job (decision 058). Usage counts per period stay.
   */
  activityRetentionMonths: number;
};

/** A year and the month before it: last year's same month stays comparable. */
const activityRetentionMonths = 13;

const feature = (key: string) => `plans.features.${key}`;

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    titleKey: 'plans.free.title',
    descriptionKeys: ['plans.free.description'],
    price: 0,
    currency: 'usd',
    popular: false,
    legacy: false,
    free: true,
    priceId: null,
    meteredPriceId: null,
    featureKeys: [feature('events1000'), feature('pauseAtCap')],
    includedSyncEvents: 1_000,
    overagePricePerEvent: null,
    activityRetentionMonths,
  },
  pro: {
    id: 'pro',
    titleKey: 'plans.pro.title',
    descriptionKeys: ['plans.pro.description'],
    price: 49,
    currency: 'usd',
    popular: true,
    legacy: false,
    free: false,
    priceId: 'price_billbridge_pro_monthly',
    meteredPriceId: 'price_billbridge_pro_events',
    featureKeys: [feature('events10000'), feature('overage001'), feature('emailSupport48h')],
    includedSyncEvents: 10_000,
    overagePricePerEvent: 0.01,
    activityRetentionMonths,
  },
  business: {
    id: 'business',
    titleKey: 'plans.business.title',
    descriptionKeys: ['plans.business.description'],
    price: 299,
    currency: 'usd',
    popular: false,
    legacy: false,
    free: false,
    priceId: 'price_billbridge_business_monthly',
    meteredPriceId: 'price_billbridge_business_events',
    featureKeys: [feature('events100000'), feature('overage0005'), feature('emailSupport48h')],
    includedSyncEvents: 100_000,
    overagePricePerEvent: 0.005,
    activityRetentionMonths,
  },
  enterprise: {
    id: 'enterprise',
    titleKey: 'plans.enterprise.title',
    descriptionKeys: ['plans.enterprise.description', 'plans.enterprise.annualContract'],
    price: null,
    currency: 'usd',
    popular: false,
    legacy: false,
    free: false,
    priceId: null,
    meteredPriceId: null,
    featureKeys: [feature('customEvents'), feature('premiumSupport24h'), feature('successManager')],
    includedSyncEvents: null,
    overagePricePerEvent: null,
    activityRetentionMonths,
  },
  gold: {
    id: 'gold',
    titleKey: 'plans.gold.title',
    descriptionKeys: ['plans.gold.description'],
    price: null,
    currency: 'usd',
    popular: false,
    legacy: true,
    free: false,
    priceId: 'price_billbridge_gold_monthly',
    meteredPriceId: null,
    featureKeys: [
      feature('users20'),
      feature('storage10gb'),
      feature('helpCenter'),
      feature('priorityEmailSupport'),
    ],
    includedSyncEvents: null,
    overagePricePerEvent: null,
    activityRetentionMonths,
  },
};

/** In the spec's order; the plan grid shows the ones that are not legacy. */
export const planList: Plan[] = planIds.map((id) => plans[id]);

export const isPlanId = (id: string): id is PlanId => (planIds as readonly string[]).includes(id);

export const findPlan = (id: string): Plan | undefined => (isPlanId(id) ? plans[id] : undefined);

/**
 * Where a plan pauses syncing: its included events when it bills no overage (free); undefined for
 * plans that bill past it or have no number (custom contracts).
 */
export const syncCapOf = (planId: string): number | undefined => {
  const plan = findPlan(planId);
  return plan && plan.overagePricePerEvent === null ? (plan.includedSyncEvents ?? undefined) : undefined;
};

/**
 * Whether a user can pick the plan on the plan screens: legacy plans are hidden and a custom price
 * (enterprise) links to an external page instead.
 */
export const isSelectablePlan = (plan: Plan): boolean => !plan.legacy && plan.price !== null;

/** The texts `createSubscription` refuses a plan with; `planNotFound` is the browser's key (spec §8). */
export const planMessages = {
  notFound: 'Plan not found.',
  notSelectable: 'This plan cannot be selected.',
  paidNotYetAvailable: 'Paid plans are not yet available',
} as const;
