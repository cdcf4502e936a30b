import { ConfigError } from '../errors.ts';
import { loadContract } from '../contract/load-contract.ts';
import { createPactBuilder, type PactOptions, type PactParts } from '../pact/build-pact.ts';
import { readRecordFile } from '../pact/read-record-file.ts';

/**
 * What to build a pact from: a record file, the contract it was recorded against, and whose
 * interactions.
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
 * one from the journal, within the same size limit. Unreadable lines, and lines of which no
 * interaction can be built, are left out and counted. Throws ConfigError when the file or the
 * contract cannot be read.
 */
export async function pactFromRecordFile(options: RecordFilePactOptions): Promise<PactParts> {
  const contract = await loadContract(options.specPath);
  const builder = createPactBuilder(
    { hash: contract.hash, operations: contract.operations },
    { ...options, provider: options.provider ?? contract.title },
  );
  try {
    for await (const { line, entry } of readRecordFile(options.recordFile)) {
      if (entry === undefined) {
        builder.leaveOut('unreadable-line', `line ${line}`);
        continue;
      }
      if (options.session !== undefined && entry.session !== options.session) continue;
      try {
        builder.add(entry);
      } catch {
        // JSON of the right form with values of the wrong kind: one bad line, not a bad file.
        builder.leaveOut('unreadable-line', `line ${line}`);
      }
    }
  } catch (cause) {
    throw new ConfigError(
      `Failed to read the record file ${options.recordFile}: ${(cause as Error).message}. Make sure it is the file the mock wrote with --record-file.`,
      { cause },
    );
  }
  return builder.finish();
}
