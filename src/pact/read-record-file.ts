import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { JournalEntry } from './left-out.ts';
import { parseExactJson } from '../parsing/exact-json.ts';
import { maxJsonDepth, nestsDeeperThan } from '../parsing/json-depth.ts';

/** A line of a record file that is no interaction, and why. */
export interface UnreadableLine {
  line: number;
  problem: string;
}

/**
 * A `--record-file`'s interactions with their line numbers, integers past 2^53 exact; lines that
 * are no interaction (cut by a crash, foreign) go to `onUnreadable`. Rejects when unreadable.
 */
export async function* readRecordFile(
  path: string,
  onUnreadable: (line: UnreadableLine) => void,
): AsyncGenerator<{ line: number; entry: JournalEntry }> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number++;
    if (text.trim() === '') continue;
    // The mock refuses bodies this deep: a line that holds one was not written by it, and every
    // walk of it (building the interaction, writing the pact) could overflow the stack.
    if (nestsDeeperThan(Buffer.from(text), maxJsonDepth + 8)) {
      onUnreadable({
        line: number,
        problem: `nests arrays and objects deeper than the mock accepts (${maxJsonDepth})`,
      });
      continue;
    }
    let value: unknown;
    try {
      value = parseExactJson(text);
    } catch (error) {
      onUnreadable({ line: number, problem: `not JSON (${(error as Error).message})` });
      continue;
    }
    if (!isInteraction(value)) {
      onUnreadable({ line: number, problem: 'not an interaction of the mock' });
      continue;
    }
    yield { line: number, entry: value };
  }
}

function isInteraction(value: unknown): value is JournalEntry {
  const entry = value as Partial<JournalEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.session === 'string' &&
    typeof entry.source === 'string' &&
    typeof entry.request?.method === 'string' &&
    typeof entry.request.path === 'string' &&
    isRecord(entry.request.query) &&
    isRecord(entry.request.headers) &&
    isRecord(entry.response?.headers) &&
    typeof entry.response?.status === 'number' &&
    typeof entry.contract?.hash === 'string' &&
    typeof entry.contract.request.valid === 'boolean' &&
    typeof entry.contract.response.valid === 'boolean'
  );
}

function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
