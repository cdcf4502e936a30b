import fc from 'fast-check';
import type { RunningMockServer } from 'plant-store-mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { send, startTestServer } from '../support/mock-fetch.ts';

// Names every object answers to, which a lookup in a plain object would find.
const inheritedNames = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
const segment = fc.oneof(
  fc.constantFrom(...inheritedNames),
  fc.string({ minLength: 1, maxLength: 24 }).map(encodeURIComponent),
);
const place = fc.constantFrom('', 'inspector/', 'requests/', 'stubs/', 'sessions/');
const method = fc.constantFrom('GET', 'DELETE', 'POST');

let server: RunningMockServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('answers any admin path with a 2xx or a 4xx in the error shape, never a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(place, segment, method, async (where, name, verb) => {
      const answer = await send(`${server.url}/__admin/${where}${name}`, { method: verb });
      expect([where, name, verb, answer.status < 500]).toEqual([where, name, verb, true]);
      if (answer.status >= 400) {
        const { error, message } = answer.body as { error?: unknown; message?: unknown };
        expect([error, typeof message]).toEqual([answer.status, 'string']);
      }
    }),
    { numRuns: 300 },
  );
});
