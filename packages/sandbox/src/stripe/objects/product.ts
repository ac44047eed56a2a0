import type { Product } from '../types.ts';

export const buildProduct = (id: string, name: string, created: number): Product => ({
  id,
  object: 'product',
  active: true,
  created,
  default_price: null,
  description: null,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: {},
  name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  tax_details: null,
  type: 'service',
  unit_label: null,
  updated: created,
  url: null,
});
