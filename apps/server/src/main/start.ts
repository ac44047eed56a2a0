import { runProcess } from './run-process.ts';

/** `npm start`: the HTTP server and the job worker in one process (the embedded default). */
await runProcess({ http: true, worker: 'by-default' });
