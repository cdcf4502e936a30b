import { pino } from 'pino';
import type { AdminDeps } from '../admin/admin-context.ts';
import type { Mode } from '../config/config-schema.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { createLiveContract } from '../contract/live-contract.ts';
import { contractOfDocument } from '../contract/load-contract.ts';
import { createConfiguredPipeline } from '../http/create-configured-pipeline.ts';
import { createMemoryState } from '../http/create-memory-state.ts';
import { loggerName } from '../observe/create-logger.ts';
import { recordInteractions } from '../observe/record-interactions.ts';
import { packageVersion } from '../package-version.ts';
import { checkFixtures, loadFixtures } from '../responders/store/load-fixtures.ts';
import { checkedContract, loadCheckedContract } from '../validation/load-checked-contract.ts';
import { createInProcessLane } from './answer-in-process.ts';

/** What the in-process mock serves: the server's settings of the same names. */
export interface ContractMockOptions {
  /** The contract: a file's path, or the OpenAPI document itself. Default: the bundled Plant Store. */
  contract?: string | object;
  /** Default `stateful`, as the server. */
  mode?: Mode;
  seed?: string | number;
  /**
   * The stateful store's first records: a JSON file's path, or the records (an array, or the
   * resources' items by collection path, as a fixtures file holds them).
   */
  fixtures?: string | readonly object[] | Readonly<Record<string, readonly object[]>>;
}

/**
 * The parts of a mock server that answer in this process: the settings, the contract, the
 * in-memory state, the pipeline and the journal's recorder, as startMockServer makes them, with
 * no socket, no admin token, no record file and warnings only in the log.
 *
 * @example
 * const mock = await openContractMock({ mode: 'dynamic', seed: 1 });
 * const response = await mock.answer(new Request('http://api.test/plants'), '/plants');
 */
export async function openContractMock(options: ContractMockOptions) {
  const { contract, fixtures } = options;
  const config = resolveConfig({
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(typeof contract === 'string' ? { spec: contract } : {}),
    logLevel: 'warn',
  });
  const initial =
    contract !== undefined && typeof contract === 'object'
      ? await checkedContract(await contractOfDocument('the contract', contract), 'the contract')
      : await loadCheckedContract(config.spec);
  const records =
    fixtures === undefined
      ? { records: [], items: new Map() }
      : typeof fixtures === 'string'
        ? await loadFixtures(fixtures, initial)
        : checkFixtures('the fixtures', fixtures, initial);
  const logger = pino({ name: loggerName, level: config.logLevel });
  const live = createLiveContract(initial);
  const state = createMemoryState(config, records, logger, live);
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
    mode: config.mode,
    stubSizeBytes: config.stubSizeBytes,
    recordFile: undefined,
    maxDelay: config.maxDelay,
    adminToken: undefined,
    version: packageVersion,
  };
  return { answer, adminDeps };
}

export type ContractMock = Awaited<ReturnType<typeof openContractMock>>;
