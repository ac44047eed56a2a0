import { html, page, type Html } from '../shared/html.ts';
import type { ControlContext } from './context.ts';

export const controlBase = '/_sandbox';

const nav = (ctx: ControlContext): Html =>
  html`<header>
    <span class="brand">Billbridge sandbox</span>
    <a href="${controlBase}">Overview</a>
    ${ctx.stripe.accounts().map((entry) => html`<a href="${controlBase}/stripe/${entry.account.id}">${entry.role === 'platform' ? 'Stripe platform' : (entry.account.business_profile.name ?? entry.account.id)}</a>`)}
    ${ctx.hubspot.portals().map((portal) => html`<a href="${controlBase}/hubspot/${portal.id}">${portal.name}</a>`)}
  </header>`;

export const controlPage = (ctx: ControlContext, title: string, body: Html, notice?: string): string =>
  page({ title: `${title} · Billbridge sandbox`, nav: nav(ctx), ...(notice ? { notice } : {}) }, body);

export const money = (amount: number | null, currency: string): string =>
  amount === null
    ? '—'
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
        amount / 100,
      );

export const when = (unix: number | null | undefined): string =>
  unix ? new Date(unix * 1000).toISOString().replace('T', ' ').slice(0, 16) : '—';

/** A small POST form with one button (and optional hidden fields). */
export const actionButton = (
  action: string,
  label: string,
  fields: Record<string, string> = {},
  tone = '',
): Html =>
  html`<form class="inline" method="post" action="${action}">
    ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}<button
      class="${tone}"
      type="submit"
    >
      ${label}
    </button>
  </form>`;
