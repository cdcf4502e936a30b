import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { JournalEntry } from './left-out.ts';
import { parseExactJson } from '../parsing/exact-json.ts';
import { isRecord } from '../parsing/is-record.ts';
import { maxJsonDepth, nestsDeeperThan } from '../parsing/json-depth.ts';

/**
 * A `--record-file`'s lines with their numbers, each with its interaction (integers past 2^53
 * exact), or undefined for a line that is no interaction (cut by a crash, foreign). Rejects when
 * the file is unreadable.
 */
export async function* readRecordFile(
  path: string,
): AsyncGenerator<{ line: number; entry: JournalEntry | undefined }> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number++;
    if (text.trim() !== '') yield { line: number, entry: interactionOf(text) };
  }
}

function interactionOf(text: string): JournalEntry | undefined {
  // The mock refuses bodies this deep: a line that holds one was not written by it, and every
  // walk of it (building the interaction, writing the pact) could overflow the stack.
  if (nestsDeeperThan(Buffer.from(text), maxJsonDepth + 8)) return undefined;
  try {
    const value = parseExactJson(text);
    return isInteraction(value) ? value : undefined;
  } catch {
    return undefined;
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
    typeof entry.response.status === 'number' &&
    typeof entry.contract?.hash === 'string' &&
    typeof entry.contract.request.valid === 'boolean' &&
    typeof entry.contract.response.valid === 'boolean'
  );
}
