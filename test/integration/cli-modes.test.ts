import { afterEach, expect, it } from 'vitest';
import { schemaErrors } from '../support/contract-schemas.ts';
import { createPlant } from '../support/mock-fetch.ts';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

// The other tests load the server through Vitest's module runner; this one lets Node load it, as
// users run it, in every mode and with every lazily loaded part (faker, Prism's validator, pretty logs).
let cli: CliProcess | undefined;
afterEach(() => {
  cli?.child.kill('SIGKILL');
  cli = undefined;
});

it.each([
  ['stateful', []],
  ['static', []],
  ['dynamic', ['--seed', '7']],
  ['dynamic', ['--log-format', 'pretty']],
])('answers a valid create with a Plant in %s mode %j, run by Node itself', async (mode, extra) => {
  cli = await spawnCli(['--mode', mode, ...extra]);
  const answer = await createPlant(cli, { id: 1, name: 'Fern' }, {}, '?__dynamic=true');
  expect(answer.status).toBe(200);
  expect(schemaErrors('Plant', answer.body)).toEqual([]);
});
