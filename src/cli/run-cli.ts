import { ConfigError } from '../errors.ts';
import { startMockServer } from '../http/start-server.ts';
import { buildParser, toOptions } from './build-parser.ts';
import { setHeapFlags } from './heap-flags.ts';

/** Exit code for a setting that cannot be used. */
const badConfigExit = 2;

async function main(): Promise<void> {
  if (process.argv[2] === 'pact') {
    const { runPactCommand } = await import('./pact-command.ts');
    await runPactCommand(process.argv.slice(3));
    return;
  }
  const argv = await buildParser(process.argv.slice(2))
    .fail((message: string | undefined, error: Error | undefined) => {
      process.stderr.write(
        `plant-store-mock: ${error?.message ?? message ?? 'invalid arguments'}\n`,
      );
      process.exit(badConfigExit);
    })
    .parse();
  const options = toOptions(argv);
  if (options.store !== undefined && options.store !== 'memory') setHeapFlags('shared');
  const server = await startMockServer(options);
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    // close() is bounded (5 s); this is the backstop should anything in it ever wait longer.
    setTimeout(() => process.exit(1), 10_000).unref();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`plant-store-mock: ${error.message}\n`);
    process.exit(badConfigExit);
  }
  process.stderr.write(
    `plant-store-mock: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
