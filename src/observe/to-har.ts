import { toHarEntry } from '../interactions/har-entry.ts';
import type { Interaction } from '../interactions/interaction.ts';

const utf8Length = (text: string): number => Buffer.byteLength(text);

/**
 * The journal as a HAR 1.2 log, oldest first, for browser dev tools and HAR viewers: as pieces
 * of JSON text, one per entry, so that a large journal is neither held as one string nor
 * stringified in one go.
 */
export async function* harChunks(
  entries: AsyncIterable<Interaction>,
  creator: { name: string; version: string },
): AsyncGenerator<string> {
  yield `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`;
  let first = true;
  for await (const entry of entries) {
    yield `${first ? '' : ','}${JSON.stringify(toHarEntry(entry, utf8Length))}`;
    first = false;
  }
  yield ']}}';
}

/** The HAR 1.2 log that harChunks writes. */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: ReturnType<typeof toHarEntry>[];
  };
}
