import { readFileSync } from 'node:fs';

/**
 * The release this code is (the root `package.json`'s version, decision 058): on `/healthz`, in
 * the start log and as the image's tag. Read from the file, two folders below `apps/server` like
 * every compiled entry (`dist/main/`), so source and build find the same manifest.
 */
export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
