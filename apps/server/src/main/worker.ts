import { runProcess } from './run-process.ts';

/** `npm run worker`: jobs only; start as many as the load needs, on any machine. */
await runProcess({ http: false, worker: 'always' });
