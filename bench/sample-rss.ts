import { readFile } from 'node:fs/promises';

/** Memory of a process in MiB, from Linux's /proc/<pid>/status; null where there is no /proc. */
export interface ProcessMemory {
  /** Resident set size now (VmRSS). */
  rssMb: number | null;
  /** The highest RSS the process ever had (VmHWM). */
  hwmMb: number | null;
}

function field(status: string, name: string): number | null {
  const kb = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kb === undefined ? null : Math.round((Number(kb) / 1024) * 10) / 10;
}

/**
 * Reads a process's current and peak RSS.
 *
 * @example
 * const { rssMb, hwmMb } = await readProcessMemory(child.pid);
 */
export async function readProcessMemory(pid: number): Promise<ProcessMemory> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return { rssMb: field(status, 'VmRSS'), hwmMb: field(status, 'VmHWM') };
  } catch {
    return { rssMb: null, hwmMb: null };
  }
}

/**
 * Samples a process's RSS every `everyMs` until stopped; `stop()` resolves with the peak seen.
 *
 * @example
 * const sampler = sampleRss(child.pid, 100);
 * await load();
 * const peakMb = await sampler.stop();
 */
export function sampleRss(pid: number, everyMs: number): { stop(): Promise<number | null> } {
  let peak: number | null = null;
  let pending = Promise.resolve();
  const sample = (): void => {
    pending = readProcessMemory(pid).then(({ rssMb }) => {
      if (rssMb !== null && (peak === null || rssMb > peak)) peak = rssMb;
    });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      sample();
      await pending;
      return peak;
    },
  };
}
