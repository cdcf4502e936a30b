/** What watchLoopHolds measured: the longest hold of the event loop, in ms of wall and of CPU. */
export interface LoopHolds {
  /** The longest time between two turns of the loop, whatever kept it (work, or the machine). */
  wallMs: number;
  /** The main thread's CPU time within that kind of gap, at most: the work that held the loop. */
  workMs: number;
  stop(): void;
}

/**
 * Watches the event loop of this process with a 1 ms timer: for each gap between two firings,
 * the wall time and the CPU time the main thread spent in it (process.threadCpuUsage). On a
 * machine shared with other work a gap can be long while the thread waits for a core; the CPU
 * time says how long the loop's own work held it.
 *
 * @example
 * const holds = watchLoopHolds(); await work(); holds.stop(); expect(holds.workMs).toBeLessThan(150);
 */
export function watchLoopHolds(): LoopHolds {
  const cpu = (): number => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let lastWall = performance.now();
  let lastCpu = cpu();
  const holds: LoopHolds = {
    wallMs: 0,
    workMs: 0,
    stop: () => {
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => {
    const wall = performance.now();
    const used = cpu();
    holds.wallMs = Math.max(holds.wallMs, wall - lastWall);
    holds.workMs = Math.max(holds.workMs, Math.min(wall - lastWall, used - lastCpu));
    [lastWall, lastCpu] = [wall, used];
  }, 1);
  return holds;
}
