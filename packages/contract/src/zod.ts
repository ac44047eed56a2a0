import { config, z } from 'zod';

/**
 * The contract's one door to zod. zod compiles object parsers with `new Function` once a probe,
 * run as the first object schema is built, finds that eval works. The web app's CSP forbids eval,
 * so in a browser the probe alone is a violation the browser reports (Lighthouse counts it): there,
 * schemas parse without compiling. The server keeps compiled parsers. Every contract module takes
 * `z` from here, so this runs before any schema is built.
 */
if ('document' in globalThis) config({ jitless: true });

export { z };
