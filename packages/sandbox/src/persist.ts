import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export type Persisted = {
  /** Monotonic counter bumped by every mutation; a save happens when it moved. */
  revision: () => number;
  snapshot: () => unknown;
};

/** Reads `<dir>/<name>.json` if present. */
export const loadSnapshot = <T>(dir: string | undefined, name: string): T | undefined => {
  if (!dir) return undefined;
  const file = path.join(dir, `${name}.json`);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as T;
};

const writeAtomically = (file: string, content: string): void => {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
};

/**
 * Saves each state to `<dir>/<name>.json` shortly after it changes (a polled revision counter keeps
 * the write off the request path) and once more on close, so a demo survives a restart.
 */
export const startPersistence = (
  dir: string,
  states: Record<string, Persisted>,
  intervalMs = 1_000,
): { flush: () => void; stop: () => void } => {
  mkdirSync(dir, { recursive: true });
  const saved = new Map<string, number>();
  let nextSaveAt = 0;
  const flush = (): void => {
    const started = Date.now();
    for (const [name, state] of Object.entries(states)) {
      const revision = state.revision();
      if (saved.get(name) === revision) continue;
      writeAtomically(path.join(dir, `${name}.json`), JSON.stringify(state.snapshot()));
      saved.set(name, revision);
    }
    // A big state takes long to write whole, and the write blocks the event loop that serves the
    // stand-ins: the next save waits ten times as long as this one took, so saving stays under a
    // tenth of the time.
    nextSaveAt = Date.now() + (Date.now() - started) * 10;
  };
  const timer = setInterval(() => {
    if (Date.now() < nextSaveAt) return;
    try {
      flush();
    } catch (error) {
      // Keep serving; the next tick (or close) tries again.
      console.error(`sandbox: could not save state to ${dir}`, error);
    }
  }, intervalMs);
  timer.unref();
  return {
    flush,
    stop: () => {
      clearInterval(timer);
      flush();
    },
  };
};
