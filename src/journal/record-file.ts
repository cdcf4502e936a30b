import { createWriteStream, type WriteStream } from 'node:fs';
import type { Logger } from 'pino';

/** Appends interactions to a file, one JSON line each. */
export interface RecordFile {
  /** Appends one interaction, given as its JSON. */
  write(json: string): void;
  /** Flushes every line written so far and closes the file. */
  close(): Promise<void>;
}

/**
 * Opens `path` for appending. A file that cannot be written is reported once in the log and the
 * mock goes on serving without it.
 *
 * @example
 * const file = openRecordFile('interactions.jsonl', logger);
 * file.write(JSON.stringify(interaction));
 * await file.close();
 */
export function openRecordFile(path: string, logger: Logger): RecordFile {
  let stream: WriteStream | undefined = createWriteStream(path, { flags: 'a' });
  stream.on('error', (error) => {
    logger.error(
      { err: error, path },
      `Failed to write the record file ${path}: ${error.message}. Interactions are still kept in the journal.`,
    );
    stream?.destroy();
    stream = undefined;
  });
  return {
    write(json) {
      stream?.write(`${json}\n`);
    },
    close() {
      const open = stream;
      stream = undefined;
      if (open === undefined || open.destroyed) return Promise.resolve();
      return new Promise((resolve) => {
        open.once('error', () => {
          resolve();
        });
        open.end(resolve);
      });
    },
  };
}
