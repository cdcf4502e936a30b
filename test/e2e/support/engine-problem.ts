import { getContainerRuntimeClient, getReaper } from 'testcontainers';

const engineTimeoutMs = 5_000;
// Pulling Ryuk the first time takes a few seconds; a registry that cannot be reached fails fast.
const ryukTimeoutMs = 120_000;

/**
 * Why no Docker engine can be used, or undefined when one answers. Tests that need an engine skip
 * only when this says none answers (and print why); an engine that answers but cannot build or run
 * the image fails them. With `ryuk`, for tests that start containers through Testcontainers, an
 * engine that cannot start Testcontainers' Ryuk container (it cannot pull the image: no registry
 * access, a mirror without it) counts as unusable too, unless TESTCONTAINERS_RYUK_DISABLED is
 * `true`. With REQUIRE_DOCKER_ENGINE set (CI sets it), either is a failure.
 *
 * @example
 * const problem = await engineProblem({ ryuk: true });
 * describe.skipIf(problem !== undefined)('the image', () => {});
 */
export async function engineProblem(options: { ryuk?: boolean } = {}): Promise<string | undefined> {
  let client;
  try {
    client = await withinMs(getContainerRuntimeClient(), engineTimeoutMs);
  } catch (error) {
    return unusable(
      error,
      `no Docker engine answers (${messageOf(error)}). Make sure Docker is running (or DOCKER_HOST is set) to run the tests that need it.`,
    );
  }
  if (options.ryuk !== true || process.env.TESTCONTAINERS_RYUK_DISABLED === 'true')
    return undefined;
  try {
    await withinMs(getReaper(client), ryukTimeoutMs);
    return undefined;
  } catch (error) {
    return unusable(
      error,
      `the Docker engine answers but cannot start Testcontainers' Ryuk container (${messageOf(error)}). Make sure the engine can pull testcontainers/ryuk (or set RYUK_CONTAINER_IMAGE to a mirror's copy, or TESTCONTAINERS_RYUK_DISABLED=true) to run the tests that need it.`,
    );
  }
}

function unusable(error: unknown, message: string): string {
  if (process.env.REQUIRE_DOCKER_ENGINE !== undefined) throw new Error(message, { cause: error });
  console.warn(`Skipping: ${message}`);
  return messageOf(error);
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim();
}

async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
