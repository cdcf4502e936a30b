/**
 * Where the suite's shared mock answers: what `plant-store-mock/vitest/global-setup` provides to
 * every test file, under the key `plantStoreMock`.
 *
 * @example
 * import { inject } from 'vitest';
 * const { url, adminUrl } = inject('plantStoreMock');
 */
export interface ProvidedMock {
  /** The mock's base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Its admin API: `${url}/__admin`, or on its own port with `adminPort`. */
  adminUrl: string;
  /** The admin token the mock was started with, if any. */
  adminToken?: string;
}

/** The key under which the global setup provides the ProvidedMock. */
export const providedMockKey = 'plantStoreMock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by `plant-store-mock/vitest/global-setup`. */
    plantStoreMock: ProvidedMock;
  }
}
