import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { send } from '../support/mock-fetch.ts';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

const spec = fileURLToPath(new URL('../../fixtures/specs/broken-example.yaml', import.meta.url));
let cli: CliProcess | undefined;
afterEach(() => {
  cli?.child.kill('SIGKILL');
  cli = undefined;
});

it('logs and records an answer that breaks the contract, never passing it silently', async () => {
  cli = await spawnCli(['--spec', spec, '--mode', 'static']);
  const running = cli;
  const answer = await send(`${running.url}/greetings`);
  expect(answer).toMatchObject({ status: 200, body: { text: 42 } });
  await expect
    .poll(() => running.lines.find((line) => line.includes('response does not match the contract')))
    .toBeDefined();
  const warning = JSON.parse(
    running.lines.find((line) => line.includes('response does not match the contract')) ?? '{}',
  ) as Record<string, unknown>;
  expect(warning).toMatchObject({
    level: 40,
    operationId: 'getGreeting',
    status: 200,
    violations: [{ location: 'body/text', message: 'must be string' }],
  });
  const journal = (await admin({ adminUrl: `${running.url}/__admin` }, '/requests')).body as {
    requests: { contract: { response: unknown } }[];
  };
  expect(journal.requests[0]?.contract.response).toEqual({
    valid: false,
    violations: [{ location: 'body/text', message: 'must be string' }],
  });
});
