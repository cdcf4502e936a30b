import { closeSync, fstatSync, type Stats } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { LineWriterFs } from '../../src/observe/line-writer.ts';
import { openRecordFile } from '../../src/observe/record-file.ts';
import { admin } from '../support/admin-fetch.ts';
import { createPlant } from '../support/mock-fetch.ts';
import { spawnCli, waitForLine, type CliProcess } from '../support/spawn-cli.ts';

let folder: string;
let cli: CliProcess | undefined;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-record-'));
});
afterEach(async () => {
  cli?.child.kill('SIGKILL');
  cli = undefined;
  await rm(folder, { recursive: true, force: true });
});

/** A disk of `space` bytes behind a real descriptor: writes past it are cut short, then ENOSPC. */
function fullDisk(space: number) {
  const disk = { bytes: Buffer.alloc(0), space };
  const noSpace = Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
  });
  const fs: LineWriterFs = {
    write(_fd, buffer, offset, length, _position, callback) {
      const room = disk.space - disk.bytes.length;
      if (room <= 0)
        return setImmediate(() => {
          callback(noSpace, 0);
        });
      const taken = buffer.subarray(offset, offset + Math.min(length, room));
      disk.bytes = Buffer.concat([disk.bytes, taken]);
      setImmediate(() => {
        callback(null, taken.length);
      });
    },
    fstat(fd, callback) {
      const real = fstatSync(fd);
      const stats = Object.assign(Object.create(Object.getPrototypeOf(real) as object), real, {
        size: disk.bytes.length,
      }) as Stats;
      setImmediate(() => {
        callback(null, stats);
      });
    },
    ftruncate(_fd, length, callback) {
      disk.bytes = disk.bytes.subarray(0, length);
      setImmediate(() => {
        callback(null);
      });
    },
    close(fd, callback) {
      closeSync(fd);
      setImmediate(() => {
        callback(null);
      });
    },
  };
  return { disk, fs };
}

function quietLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

/** The ids of the lines on a fullDisk, in order. */
const idsOn = (disk: { bytes: Buffer }): string[] =>
  disk.bytes
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);

const line = (id: number): string => JSON.stringify({ id: String(id), pad: 'x'.repeat(90) });

it('never leaves a cut line on a full disk, says why on health, and resumes once space is freed', async () => {
  const { disk, fs } = fullDisk(1_000); // room for 9 lines and a part of the 10th
  const logged: string[] = [];
  const file = openRecordFile(join(folder, 'x.jsonl'), quietLogger(logged), fs);
  for (let id = 1; id <= 20; id++) file.write(line(id));
  await expect.poll(() => file.status().error, { timeout: 5_000 }).toMatch(/^ENOSPC/);
  // Whole lines only, in order: the batch the disk cut short was taken back.
  const text = disk.bytes.toString();
  expect(text.endsWith('\n')).toBe(true);
  const before = text.split('\n').filter(Boolean);
  expect(before.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(
    before.map((_, i) => String(i + 1)),
  );
  expect(file.status().pendingBytes).toBeGreaterThan(0);

  disk.space = 1_000_000; // space freed: the next line (or the retry a second later) resumes
  file.write(line(21));
  await expect.poll(() => file.status(), { timeout: 5_000 }).toMatchObject({ pendingBytes: 0 });
  expect(file.status().error).toBeUndefined();
  const ids = idsOn(disk);
  expect(ids).toEqual(Array.from({ length: 21 }, (_, i) => String(i + 1)));
  expect(logged.join('')).toMatch(/Failed to write the record file .*no space left/);
  expect(logged.join('')).toMatch(/recording resumed/);
  await file.close(1_000);
});

/** Lets the fake disk's callbacks run until `done` holds, at most `turns` turns of the event loop. */
async function settled(done: () => boolean, turns = 10_000): Promise<boolean> {
  for (let turn = 0; turn < turns && !done(); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done();
}

it('resumes on its retry timer alone, even when the timer fires before the clock reaches the wait', async () => {
  // Timers fire on the event loop's cached clock, which can run behind performance.now(): here
  // the retry timer fires at once while performance.now() has not moved a second.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const { disk, fs } = fullDisk(1_000);
    const file = openRecordFile(join(folder, 'x.jsonl'), quietLogger([]), fs);
    for (let id = 1; id <= 20; id++) file.write(line(id));
    expect(await settled(() => file.status().error !== undefined)).toBe(true);
    disk.space = 1_000_000;
    vi.advanceTimersByTime(1_000); // no new line arrives: only the retry can resume
    expect(await settled(() => file.status().pendingBytes === 0)).toBe(true);
    const ids = idsOn(disk);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(file.status().error).toBeUndefined();
  } finally {
    vi.useRealTimers();
  }
});

it('keeps serving on /dev/full, and health says degraded with the error', async () => {
  cli = await spawnCli(['--record-file', '/dev/full']);
  for (let id = 1; id <= 3; id++) {
    expect((await createPlant(cli, { id, name: 'Fern' })).status).toBe(200);
  }
  await expect
    .poll(async () => (await admin({ adminUrl: `${cli?.url}/__admin` }, '/health')).body, {
      timeout: 5_000,
    })
    .toMatchObject({ status: 'degraded', recordFile: { path: '/dev/full', error: /ENOSPC/ } });
  await waitForLine(cli, (l) => l.includes('Failed to write the record file /dev/full'));
});

it('writes requests cut by SIGTERM to the record file, and ends held timeouts at once', async () => {
  const file = join(folder, 'interactions.jsonl');
  cli = await spawnCli(['--record-file', file, '--max-delay', '60000']);
  const running = cli;
  expect((await createPlant(running, { id: 1, name: 'Fern' })).status).toBe(200);
  const held = createPlant(running, { id: 2, name: 'Ivy' }, {}, '?__fault=timeout').catch(
    () => 'cut',
  );
  const delayed = createPlant(running, { id: 3, name: 'Ivy' }, {}, '?__delay=50000').catch(
    () => 'cut',
  );
  // Both are in the journal's hands once the mock has read them: wait for them to be in flight.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const stopping = performance.now();
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
  expect(performance.now() - stopping).toBeLessThan(8_000);
  expect(await held).toBe('cut');
  expect(await delayed).toBe('cut');
  const entries = (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { request: { query: object }; source: string });
  expect(entries.map((entry) => entry.source).sort()).toEqual(
    ['aborted', 'fault:timeout', 'stateful'].sort(),
  );
});
