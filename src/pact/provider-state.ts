import { isRecord } from '../parsing/is-record.ts';
import type { JournalEntry } from './left-out.ts';

// What a message of the mock's own says about itself, which no provider would send.
const mockWords = /__admin|session|reset the store/i;

/**
 * The provider state of an entry the stateful store refused because its id already existed
 * (`a plant with id 1 exists`), and the answer's body with the mock's own words taken out of its
 * message (sessions, the admin API); undefined for any other entry.
 *
 * @example
 * duplicateIdState(entry); // { state: 'a plant with id 1 exists', body: { error: 400, message: 'A plant with id 1 already exists.' } }
 */
export function duplicateIdState(
  entry: JournalEntry,
): { state: string; body: unknown } | undefined {
  const { request, response } = entry;
  if (entry.source !== 'error:DUPLICATE_ID' || !isRecord(request.body)) return undefined;
  if (request.body.id === undefined) return undefined;
  const id = JSON.stringify(request.body.id);
  const body = isRecord(response.body)
    ? Object.fromEntries(
        Object.entries(response.body).map(([name, value]) => [
          name,
          typeof value === 'string' && mockWords.test(value)
            ? `A plant with id ${id} already exists.`
            : value,
        ]),
      )
    : response.body;
  return { state: `a plant with id ${id} exists`, body };
}
