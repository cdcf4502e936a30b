import { getContainerRuntimeClient } from 'testcontainers';

const engineTimeoutMs = 5_000;

/**
 * Why no Docker engine can be used, or undefined when one answers. Tests that need an engine skip
 * only when this says none answers (and print why); an engine that answers but cannot build or run
 * the image fails them. With REQUIRE_DOCKER_ENGINE set (CI sets it), no engine is a failure.
 */
export async function engineProblem(): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(engineTimeoutMs)} ms`));
    }, engineTimeoutMs);
  });
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return undefined;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    const message = `no Docker engine answers (${problem}). Make sure Docker is running (or DOCKER_HOST is set) to run the tests that need it.`;
    if (process.env.REQUIRE_DOCKER_ENGINE !== undefined) throw new Error(message, { cause: error });
    console.warn(`Skipping: ${message}`);
    return problem;
  } finally {
    clearTimeout(timer);
  }
}
