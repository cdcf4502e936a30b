// Preloaded into a mock the bench starts (`node --import ./bench/loop-delay-probe.ts ...`): every
// 250 ms, appends the longest the event loop was held since the last line, in ms, to the file
// named by LOOP_DELAY_FILE.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file !== undefined) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(file, `${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 250).unref();
}
