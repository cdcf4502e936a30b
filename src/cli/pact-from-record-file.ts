import { ConfigError } from '../errors.ts';
import { loadContract } from '../contract/load-contract.ts';
import { createPactBuilder, type PactOptions, type PactResult } from '../pact/build-pact.ts';
import { readRecordFile } from '../pact/read-record-file.ts';

/**
 * What to build a pact from: a record file, the contract it was recorded against, and whose
 * interactions.
 *
 * @example
 * { recordFile: 'interactions.jsonl', specPath: 'openapi.yaml', consumer: 'web', provider: 'plants' }
 */
export interface RecordFilePactOptions extends Omit<PactOptions, 'provider'> {
  /** Default: the contract's title. */
  provider?: string | undefined;
  recordFile: string;
  /** The contract the mock served while it recorded (its hash must be the recorded one). */
  specPath: string;
  /** Only this session's interactions; default every session. */
  session?: string;
}

/**
 * A pact from a `--record-file` (one interaction per JSON line), as GET /__admin/pact builds
 * one from the journal. Unreadable lines are left out and counted. Throws ConfigError when the
 * file or the contract cannot be read.
 *
 * @example
 * const { pact, leftOut } = await pactFromRecordFile({ recordFile: 'rec.jsonl', specPath: 'openapi.yaml', consumer: 'web', provider: 'plants' });
 */
export async function pactFromRecordFile(options: RecordFilePactOptions): Promise<PactResult> {
  const contract = await loadContract(options.specPath);
  const builder = createPactBuilder(
    { hash: contract.hash, operations: contract.operations },
    { ...options, provider: options.provider ?? contract.title },
  );
  try {
    for await (const entry of readRecordFile(options.recordFile, ({ line }) => {
      builder.leaveOut('unreadable-line', `line ${line}`);
    })) {
      if (options.session === undefined || entry.session === options.session) builder.add(entry);
    }
  } catch (cause) {
    throw new ConfigError(
      `Failed to read the record file ${options.recordFile}: ${(cause as Error).message}. Make sure it is the file the mock wrote with --record-file.`,
      { cause },
    );
  }
  return builder.finish();
}
