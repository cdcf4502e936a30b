import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnCli, type CliProcess } from '../support/spawn-cli.ts';

// Random patterns built the way ReDoS patterns are (quantified groups inside quantified groups,
// overlapping alternatives), sent as `pathPattern` to count and find and as stub patterns, while
// another session asks for plants. Each answer must come within the hang guard; a backtracking
// engine takes seconds to years on most of them against the long paths recorded below. The mock
// runs in a child process, so that a freeze fails the guard instead of freezing the test runner.
const runs = Number(process.env.REGEX_PROPERTY_RUNS) || 40;
const hangGuardMs = 5_000;
const longPaths = ['a'.repeat(48) + '!', 'ab'.repeat(30) + 'c', 'a'.repeat(64)];

const atom = fc.constantFrom('a', 'b', 'ab', '.', '[ab]', '\\w', 'a?', '[^/]');
const quantifier = fc.constantFrom('+', '*', '{1,}', '{2,5}', '+?', '?');
const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('node'), quantifier).map(([inner, q]) => `(${inner})${q}`),
    fc.tuple(tie('node'), quantifier).map(([inner, q]) => `(?:${inner})${q}`),
    fc.tuple(tie('node'), tie('node')).map(([left, right]) => `(${left}|${right})+`),
    fc.tuple(tie('node'), tie('node')).map(([left, right]) => `${left}${right}`),
  ),
})).node;
// At least one quantified group inside a quantified group: the shape that backtracks.
const nested = fc
  .tuple(pattern, quantifier, quantifier, fc.constantFrom('', '!', '$', 'c'))
  .map(([inner, q1, q2, tail]) => `/((${inner})${q1})${q2}${tail}`);

let cli: CliProcess;
let plantId = 0;
beforeAll(async () => {
  cli = await spawnCli([]);
  for (const path of longPaths) await call(`/${path}`, 'GET', 'fuzz');
});
afterAll(() => {
  cli.child.kill('SIGKILL');
});

async function call(path: string, method: string, session: string, body?: unknown) {
  const answer = await fetch(`${cli.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-mock-session': session,
      authorization: 'Bearer fuzz',
    },
    signal: AbortSignal.timeout(hangGuardMs),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

it('answers every generated nested-quantifier pattern at once, and serves other sessions meanwhile', async () => {
  await fc.assert(
    fc.asyncProperty(nested, async (pathPattern) => {
      const [count, find, stub, other] = await Promise.all([
        call('/__admin/requests/count', 'POST', 'fuzz', { pathPattern }),
        call('/__admin/requests/find', 'POST', 'fuzz', { pathPattern }),
        call('/__admin/stubs', 'POST', 'stubs', {
          pattern: { pathPattern },
          response: { status: 200, body: [] },
          allowContractViolation: true,
        }),
        call('/plants', 'POST', 'other', { id: ++plantId, name: 'Fern' }),
      ]);
      // 400 only for what the linear-time engine refuses to run (none of these shapes).
      expect([count, find]).toEqual([200, 200]);
      expect([201, 400]).toContain(stub);
      expect(other).toBe(200);
      // A stubbed request with a long path is matched against every stub so far.
      expect(await call(`/${longPaths[0] ?? ''}`, 'GET', 'stubs')).toBeLessThan(500);
    }),
    // No shrinking: once the old code froze, the mock stays frozen and every retry would wait.
    { numRuns: runs, endOnFailure: true },
  );
}, 120_000);
