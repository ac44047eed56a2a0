import { inject } from 'vitest';

/**
 * Setup file of the integration projects: hands the run's database template (made once by
 * `testing/database-template.ts`) to `testing/test-app.ts` in this worker, through the variable of
 * the project's engine.
 */
const variable = process.env.TEST_DB === 'postgres' ? 'TEST_POSTGRES_TEMPLATE' : 'TEST_PGLITE_TEMPLATE';
process.env[variable] = inject('databaseTemplate');
