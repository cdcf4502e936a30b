import type { Logger } from 'pino';
import type { AdminDeps } from '../admin/admin-context.ts';
import type { AdminFetch } from '../client/mock-client.ts';
import type { ResolvedConfig } from '../config/config-schema.ts';
import { createLiveContract } from '../contract/live-contract.ts';
import type { Contract } from '../contract/load-contract.ts';
import { createConfiguredPipeline } from '../http/create-configured-pipeline.ts';
import { createMemoryState } from '../http/create-memory-state.ts';
import { recordInteractions } from '../observe/record-interactions.ts';
import { packageVersion } from '../package-version.ts';
import type { Fixtures } from '../responders/store/load-fixtures.ts';
import { createInProcessLane } from './answer-in-process.ts';
import { createAdminFetch } from './create-admin-fetch.ts';

/** What both entries (Node and the browser) have loaded before the mock can answer. */
export interface ContractMockParts {
  config: ResolvedConfig;
  contract: Contract;
  fixtures: Fixtures;
  logger: Logger;
}

/**
 * The parts of a mock server that answer in this process: the in-memory state, the pipeline and
 * the journal's recorder, as startMockServer makes them, with no socket, no admin token, no
 * record file and warnings only in the log. Reads no file: the caller has loaded the contract.
 *
 * @example
 * const mock = assembleContractMock({ config, contract, fixtures, logger });
 * const response = await mock.answer(new Request('http://api.test/plants'), '/plants', '');
 * const client = createMockClient({ url, fetch: mock.adminFetch(`${url}/__admin`) });
 */
export function assembleContractMock({ config, contract, fixtures, logger }: ContractMockParts) {
  const live = createLiveContract(contract);
  const state = createMemoryState(config, fixtures, logger, live);
  const recorder = recordInteractions({
    journal: state.journal,
    coverage: state.coverage,
    contractHash: () => live.current.hash,
    secretNames: () => live.current.secrets,
    recordFile: undefined,
    onRecorded: (entry) => {
      state.events.publish(entry);
    },
  });
  const answer = createInProcessLane({
    config,
    decide: createConfiguredPipeline(config, {
      contract: live,
      stubs: state.stubs,
      store: state.store,
      logger,
    }),
    recorder,
    touchSession: (session) => {
      state.sessions.touch(session);
    },
  });
  const adminDeps: AdminDeps = {
    ...state,
    contract: live,
    config,
    recordFile: undefined,
    version: packageVersion,
  };
  /** The admin API in process, for a MockClient whose admin URL is `adminUrl`. */
  const adminFetch = (adminUrl: string): AdminFetch => createAdminFetch(adminDeps, adminUrl);
  /** Whether an operation of the contract has this path (with this method or another). */
  const routes = (method: string, path: string): boolean =>
    live.route(method, path).kind !== 'no-path';
  return { answer, adminFetch, routes };
}

export type ContractMock = ReturnType<typeof assembleContractMock>;
