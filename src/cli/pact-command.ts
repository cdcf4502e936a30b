import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yargs from 'yargs';
import { bundledSpecPath } from '../config/config-schema.ts';
import { ConfigError } from '../errors.ts';
import { pactFromRecordFile } from './pact-from-record-file.ts';
import { pactChunks } from '../pact/pact-chunks.ts';
import { pactFileName } from '../pact/pact-file-name.ts';

/**
 * `plant-store-mock pact --record-file FILE`: writes the Pact file of a record file's
 * interactions (to `pacts/CONSUMER-PROVIDER.json` by default, `--out FILE`, or `--stdout`) and says on
 * stderr what was left out and why. Bad flags and unreadable files throw ConfigError (exit 2).
 */
export async function runPactCommand(args: string[]): Promise<void> {
  const argv = await yargs(args)
    .scriptName('plant-store-mock pact')
    .usage(
      '$0 --record-file FILE [options]\n\nWrites a Pact file of the interactions a mock recorded with --record-file: one per request shape the contract accepted.',
    )
    .options({
      'record-file': {
        type: 'string',
        demandOption: true,
        describe: 'The JSON lines the mock wrote',
      },
      spec: {
        type: 'string',
        describe: 'The contract the mock served while it recorded',
        defaultDescription: 'the bundled openapi.yaml',
      },
      consumer: { type: 'string', default: 'consumer', describe: 'The consumer name' },
      provider: {
        type: 'string',
        describe: 'The provider name',
        defaultDescription: "the contract's title",
      },
      session: { type: 'string', describe: 'Only this session (default: every session)' },
      'pact-spec': { type: 'string', default: '4', describe: 'Pact specification version: 4 or 3' },
      'outside-contract': {
        type: 'boolean',
        default: false,
        describe: 'Include answers of stubs registered with allowContractViolation',
      },
      out: {
        type: 'string',
        describe: 'Where to write the pact',
        defaultDescription: 'pacts/CONSUMER-PROVIDER.json',
      },
      stdout: { type: 'boolean', default: false, describe: 'Write the pact to stdout instead' },
    })
    .strict()
    .help()
    .wrap(null)
    .fail((message: string | undefined, error: Error | undefined) => {
      throw new ConfigError(error?.message ?? message ?? 'invalid arguments');
    })
    .parse();
  const spec = argv['pact-spec'];
  if (spec !== '4' && spec !== '3') {
    throw new ConfigError(`--pact-spec must be 4 or 3, got "${spec}".`);
  }
  for (const [flag, name] of [
    ['--consumer', argv.consumer],
    ['--provider', argv.provider],
  ] as const) {
    if (name !== undefined && name.trim() === '') {
      throw new ConfigError(`${flag} must name the pacticipant, got an empty name.`);
    }
  }
  const specPath = argv.spec ?? bundledSpecPath;
  const result = await pactFromRecordFile({
    recordFile: argv['record-file'],
    specPath,
    consumer: argv.consumer,
    provider: argv.provider,
    spec: spec === '3' ? 3 : 4,
    outsideContract: argv['outside-contract'],
    ...(argv.session === undefined ? {} : { session: argv.session }),
  });
  const out = argv.stdout
    ? '-'
    : (argv.out ?? join('pacts', pactFileName(result.consumer, result.provider)));
  // Written one interaction at a time, as JSON.stringify(pact, null, 2) would write it whole.
  const text = function* (): Generator<string> {
    yield* pactChunks(result, { pretty: true });
    yield '\n';
  };
  if (out === '-') await pipeline(Readable.from(text()), process.stdout, { end: false });
  else {
    await mkdir(dirname(out), { recursive: true });
    // Written beside and renamed: a reader never sees half a pact.
    const partial = `${out}.${process.pid}.tmp`;
    try {
      await pipeline(Readable.from(text()), createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, out);
  }
  const written = out === '-' ? 'stdout' : out;
  process.stderr.write(
    `plant-store-mock pact: ${result.interactions.length} interactions from ${result.entries} recorded, written to ${written}\n`,
  );
  for (const { count, reason, ids } of result.leftOut) {
    const listed = ids.length > 0 ? ` (${ids.join(', ')}${count > ids.length ? ', ...' : ''})` : '';
    process.stderr.write(`  left out ${count}${listed}: ${reason}\n`);
  }
}
