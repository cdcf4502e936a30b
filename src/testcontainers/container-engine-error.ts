import type { ErrorCode } from '../errors.ts';

/**
 * No container engine answers: Testcontainers' own message says only that no strategy worked.
 *
 * @example
 * try { await new PlantStoreMockContainer().start(); }
 * catch (error) { if (error instanceof ContainerEngineError) useInProcessMock(); }
 */
export class ContainerEngineError extends Error {
  readonly code = 'CONTAINER_ENGINE_UNAVAILABLE' satisfies ErrorCode;

  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `Failed to start the plant-store-mock container: no Docker engine answers (${reason}). Make sure Docker is running (or DOCKER_HOST points at a running engine), or run the mock in-process with startMockServer() from 'plant-store-mock', which needs no engine.`,
      { cause },
    );
    this.name = 'ContainerEngineError';
  }
}
