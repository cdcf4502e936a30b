import type { Logger } from 'pino';
import type { ResolvedConfig } from '../config/config-schema.ts';
import type { LiveContract } from '../contract/live-contract.ts';
import { createPipeline, type Pipeline } from '../pipeline/run-pipeline.ts';
import { createDynamicMode } from '../responders/dynamic-mode.ts';
import { createStatefulMode } from '../responders/stateful-mode.ts';
import { createStaticMode } from '../responders/static-mode.ts';
import type { RecordStore } from '../responders/store/record-store.ts';
import type { StubRegistry } from '../responders/stubs/stub-registry.ts';
import type { Upstream } from '../responders/upstream/create-upstream.ts';

/** The state the pipeline answers from: the live contract, the stubs, the stateful store, the provider. */
export interface PipelineState {
  contract: LiveContract;
  stubs: StubRegistry;
  store: RecordStore;
  logger: Logger;
  /** The real provider (`--upstream`), where one is set. */
  upstream?: Upstream | undefined;
}

/**
 * The request pipeline with the settings' modes and controls: what the mock port's lane and the
 * in-process handlers (src/msw/) both answer through.
 */
export function createConfiguredPipeline(config: ResolvedConfig, state: PipelineState): Pipeline {
  const { logger } = state;
  const staticMode = createStaticMode();
  return createPipeline({
    mode: config.mode,
    seed: config.seed,
    tokens: config.tokens,
    errors: config.errors,
    violationsHeader: config.violationsHeader,
    delay: config.delay,
    maxDelay: config.maxDelay,
    contract: state.contract,
    stubs: state.stubs,
    upstream: state.upstream,
    modes: {
      static: staticMode,
      dynamic: createDynamicMode({ allOptionals: config.fakeOptionals === 'all' }),
      stateful: createStatefulMode(
        state.store,
        staticMode,
        state.store.items === undefined
          ? undefined
          : {
              items: state.store.items,
              operations: () => state.contract.current.operations,
              maxItemChars: config.storeSizeChars,
            },
      ),
    },
    onResponseViolations: (operationId, status, violations) => {
      logger.warn({ operationId, status, violations }, 'response does not match the contract');
    },
  });
}
