import { readFileSync } from 'node:fs';

/**
 * A process's resident set size now, in bytes, from Linux's /proc (tests that use it run on Linux).
 *
 * @example
 * const baseline = rssOf(cli.child.pid as number);
 */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}
