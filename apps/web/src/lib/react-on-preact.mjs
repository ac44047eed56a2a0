/**
 * What `react` resolves to in the browser build (vite.config.ts): Preact's React compatibility layer,
 * plus React 19's `<Activity>`, which Mantine 9 imports and Preact lacks (decision 039).
 */
export * from 'preact/compat';
export { default } from 'preact/compat';
export { Activity } from './activity.ts';
