/**
 * The soak's memory figure (issue 37 §3): each process's resident set sampled every few seconds,
 * and the growth as the mean of the run's last stretch over the mean of an early stretch after
 * warm-up. One sample lands wherever the garbage collector happens to be (a minute-5 sample just
 * after a collection read 151 MB where the minutes around it held 180–200); a mean over minutes
 * of samples is what the process really holds.
 */
import { readFileSync } from 'node:fs';

/** A memory line of `pid`'s status in MB, as the kernel counts it (Linux); null once the process is gone. */
const statusMb = (pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
    return Math.round(Number(line?.[1] ?? 0) / 1024);
  } catch {
    return null;
  }
};

/** Resident memory of `pid` in MB now. */
export const residentMb = (pid: number | undefined) => statusMb(pid, 'VmRSS');

/** The peak resident memory of `pid` in MB so far (the kernel's high-water mark): no sample can miss it. */
export const peakResidentMb = (pid: number | undefined) => statusMb(pid, 'VmHWM');

/**
 * The two stretches compared, in minutes since the start: minutes 5–10 against the last 10 in a
 * run of 20 minutes or more; in a shorter run its second quarter against its second half.
 */
export const memoryWindows = (minutes: number) => ({
  from: minutes >= 20 ? [5, 10] : [minutes / 4, minutes / 2],
  to: [minutes - Math.min(10, minutes / 2), minutes],
});

type Sample = { minute: number; mb: Record<string, number | null> };

const mean = (values: number[]) =>
  values.length ? +(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(1) : null;

/** Memory samples by process slot, and what they come to over the run's two stretches. */
export const memorySampler = (minutes: number) => {
  const samples: Sample[] = [];
  const windows = memoryWindows(minutes);
  const meanOf = (name: string, [from, to]: number[]) =>
    mean(
      samples.flatMap(({ minute, mb }) => {
        const value = mb[name];
        return minute >= (from ?? 0) && minute < (to ?? 0) && typeof value === 'number' ? [value] : [];
      }),
    );
  return {
    add: (minute: number, mb: Record<string, number | null>) => samples.push({ minute, mb }),
    /** Per slot: the two means and the growth between them (%), with the windows they cover. */
    summary: () => {
      const names = [...new Set(samples.flatMap(({ mb }) => Object.keys(mb)))];
      const of = (stretch: number[]) =>
        Object.fromEntries(names.map((name) => [name, meanOf(name, stretch)]));
      const before = of(windows.from);
      const after = of(windows.to);
      const growthPct = Object.fromEntries(
        names.map((name) => {
          const [a, b] = [before[name], after[name]];
          return [name, a && b !== null && b !== undefined ? +(((b - a) / a) * 100).toFixed(1) : null];
        }),
      );
      return { samples: samples.length, windows, meanFrom: before, meanTo: after, growthPct };
    },
  };
};
