import { readFile } from 'node:fs/promises';

/**
 * A process's CPU time so far (user + system), in ms, from Linux's /proc; 0 elsewhere.
 *
 * @example
 * const before = await processCpuMs(server.pid);
 */
export async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}
