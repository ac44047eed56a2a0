/**
 * The end of a one-month billing period starting at `start`: the same day and time next month, or
 * that month's last day when it is shorter (Jan 31 → Feb 28/29), as Stripe bills monthly periods.
 */
export const oneMonthAfter = (start: Date): Date => {
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
};
