/**
 * Every table, for the app and for drizzle-kit (drizzle.config.ts). The parts import each other,
 * never this barrel, so the schema has no import circle.
 */
export * from './auth-schema.ts';
export * from './core-schema.ts';
export * from './sync-schema.ts';
export * from './billing-schema.ts';
export * from './audit-schema.ts';
