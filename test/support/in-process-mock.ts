import { pino } from 'pino';
import type { MockServerOptions } from 'plant-store-mock';
import { resolveConfig } from '../../src/config/resolve-config.ts';
import type { Contract } from '../../src/contract/load-contract.ts';
import { assembleContractMock } from '../../src/msw/assemble-contract-mock.ts';
import { loadCheckedContract } from '../../src/validation/load-checked-contract.ts';
import type { Answer } from './mock-fetch.ts';

/** A mock of the bundled contract in this process, called as send() and admin() call a server. */
export interface InProcessMock {
  send(path: string, init?: RequestInit): Promise<Answer>;
  admin(path: string, options?: { body?: unknown; session?: string }): Promise<Answer>;
}

const origin = 'http://mock.test';
let bundled: Promise<Contract> | undefined;

/**
 * The server's parts without its socket, as the msw handlers assemble them: the same pipeline,
 * state, journal and admin handlers, with server settings such as `sessionLimit`. For property
 * tests that open a mock per run, where a server's start and HTTP would be most of the work.
 */
export async function openInProcessMock(
  options: Omit<MockServerOptions, 'spec'> = {},
): Promise<InProcessMock> {
  const config = resolveConfig({ ...options, logLevel: 'silent' });
  const contract = await (bundled ??= loadCheckedContract(config.spec));
  const mock = assembleContractMock({
    config,
    contract,
    fixtures: { records: [], items: new Map() },
    logger: pino({ level: 'silent' }),
  });
  const adminFetch = mock.adminFetch(`${origin}/__admin`);
  return {
    send: async (path, init = {}) => {
      const url = new URL(path, origin);
      return answerOf(await mock.answer(new Request(url, init), url.pathname, url.search));
    },
    admin: async (path, { body, session } = {}) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (session !== undefined) headers['x-mock-session'] = session;
      const init =
        body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) };
      return answerOf(await adminFetch(`${origin}/__admin${path}`, init));
    },
  };
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: response.headers,
    body: json ? JSON.parse(text) : text,
    text,
  };
}
