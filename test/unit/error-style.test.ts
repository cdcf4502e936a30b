import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/contract/load-contract.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/specs/${name}`, import.meta.url));

describe('how a contract answers the errors it declares no response for', () => {
  it.each([
    // The Plant Store's 400 is an Error with `error` and `message`: its other errors take that shape.
    [
      'the Plant Store',
      fileURLToPath(new URL('../../openapi.yaml', import.meta.url)),
      'error-message',
    ],
    // No error responses at all.
    ['seed-tray.yaml', fixture('seed-tray.yaml'), 'problem'],
    // A 422 problem of its own, with `type` and `errors` but no `error` and `message`.
    ['greenhouse.yaml', fixture('greenhouse.yaml'), 'problem'],
  ])('%s: %s', async (_, path, style) => {
    const contract = await loadContract(path);
    expect(contract.errorStyle).toBe(style);
    for (const operation of contract.operations) expect(operation.errorStyle).toBe(style);
  });
});
