import { runProcess } from './run-process.ts';

/** `npm run server`: HTTP only; workers run elsewhere unless WORKER=true. */
await runProcess({ http: true, worker: 'only-if-asked' });
