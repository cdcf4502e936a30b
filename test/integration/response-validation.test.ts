import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { admin } from '../support/admin-fetch.ts';
import { createPlant, send } from '../support/mock-fetch.ts';
import { spawnCli, waitForLine, type CliProcess } from '../support/spawn-cli.ts';

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

it('warns of no broken answer for a fault, whose answer goes out in place of the one judged', async () => {
  cli = await spawnCli([]);
  const running = cli;
  const stub = { pattern: { method: 'POST', path: '/plants' }, fault: 'unavailable', times: 1 };
  const adminUrl = `${running.url}/__admin`;
  expect((await admin({ adminUrl }, '/stubs', { body: stub })).status).toBe(201);
  expect((await createPlant(running, { id: 1, name: 'Fern' })).status).toBe(503);
  expect((await createPlant(running, { id: 2, name: 'Ivy' })).status).toBe(200);
  await waitForLine(
    running,
    (line) => line.includes('"msg":"request"') && line.includes('"status":200'),
  );
  expect(running.lines.filter((line) => line.includes('does not match the contract'))).toEqual([]);
  const journal = (await admin({ adminUrl }, '/requests')).body as {
    requests: { source: string; contract: { response: unknown } }[];
  };
  expect(journal.requests.map(({ source, contract }) => [source, contract.response])).toEqual([
    ['stateful', { valid: true, violations: [] }],
    [
      'fault:unavailable',
      {
        valid: false,
        violations: [
          {
            location: 'response',
            message:
              'fault unavailable: the answer was 503 Service Unavailable, as from an overloaded or restarting server',
          },
        ],
      },
    ],
  ]);
});
