import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

const running: CliProcess[] = [];
afterEach(() => {
  running.splice(0).forEach((cli) => cli.child.kill('SIGKILL'));
});

async function modeOf(args: string[], env: Record<string, string> = {}): Promise<unknown> {
  const cli = await spawnCli(args, env);
  running.push(cli);
  return ((await admin({ adminUrl: `${cli.url}/__admin` }, '/health')).body as { mode: string })
    .mode;
}

it('reads --config FILE, with env vars over it and flags over both', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'plant-store-mock-config-'));
  try {
    const config = join(folder, 'mock.json');
    await writeFile(config, JSON.stringify({ mode: 'dynamic', seed: '42' }));
    expect(await modeOf(['--config', config])).toBe('dynamic');
    expect(await modeOf(['--config', config], { PLANT_MOCK_MODE: 'static' })).toBe('static');
    expect(
      await modeOf(['--config', config, '--mode', 'stateful'], { PLANT_MOCK_MODE: 'static' }),
    ).toBe('stateful');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
