import { beforeAll, expect, inject } from 'vitest';
import { createMockClient, type MockClient } from '../client/index.ts';
import { MatcherUsageError } from './matcher-usage-error.ts';
import { providedMockKey, type ProvidedMock } from './provided-mock.ts';

/** How many sessions each test file has asked for; a file's second one gets `#2`, and so on. */
const sessionsOfFiles = new Map<string, number>();

/**
 * A MockClient of the suite's shared mock (started by `plant-store-mock/vitest/global-setup`),
 * bound to a session of its own: named after the test file (`test/cart.test.ts`, then
 * `test/cart.test.ts#2` for a second call), so test files running in parallel never see each
 * other's requests. Call it at the top of a test file or in a `describe`: it resets the session
 * before the file's tests, so a rerun in watch mode starts clean too.
 *
 * @example
 * import { useMockSession } from 'plant-store-mock/vitest';
 * const mock = useMockSession();
 * await fetch(`${mock.url}/plants`, { method: 'POST', headers: { ...mock.sessionHeaders, ... }, body });
 * await expect(mock).toHaveReceived({ method: 'POST', path: '/plants' }, { exactly: 1 });
 */
export function useMockSession(): MockClient {
  // Undefined at run time when no global setup provided it, whatever the declared type says.
  const provided = inject(providedMockKey) as ProvidedMock | undefined;
  if (provided === undefined) {
    throw new MatcherUsageError(
      "Failed to use a mock session: no mock was provided to this test file. Make sure vitest's config has globalSetup: ['plant-store-mock/vitest/global-setup'].",
    );
  }
  const mock = createMockClient({
    url: provided.url,
    adminUrl: provided.adminUrl,
    session: sessionName(),
    ...(provided.adminToken === undefined ? {} : { adminToken: provided.adminToken }),
  });
  beforeAll(() => mock.reset());
  return mock;
}

// The file's path from the project's folder, ASCII only (it travels in a header); past 200
// characters, its end (session names stop at 256 bytes).
function sessionName(): string {
  const path = (expect.getState().testPath ?? 'vitest').replaceAll('\\', '/');
  const count = (sessionsOfFiles.get(path) ?? 0) + 1;
  sessionsOfFiles.set(path, count);
  const cwd = process.cwd().replaceAll('\\', '/');
  const relative = (path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path).replace(
    /[^\x20-\x7e]/gu,
    (character) => encodeURIComponent(character),
  );
  const name = relative.length > 200 ? relative.slice(-200) : relative;
  return count === 1 ? name : `${name}#${count}`;
}
