import { describe, expect, it } from 'vitest';
import type { Interaction } from '../../src/interactions/interaction.ts';
import { verifyRequests, verifySequence } from '../../src/interactions/verify-requests.ts';

// An inconclusive verdict says which requests it could not see and what to do, in the same words
// for a count and for a sequence.

const dropped = 'the full journal dropped 1 earlier request of this session';
const droppedAdvice =
  'Make sure to raise --journal-limit, or to reset the session (POST /__admin/reset) at the start of each test so that its requests stay in the journal.';
const lost =
  'the shared store lost its data at 2025-01-01T00:00:00.000Z (Redis restarted without persistence), with the earlier requests of this session';
const lostAdvice =
  'Make sure to reset the session (POST /__admin/reset) or clear its requests (DELETE /__admin/requests) before the requests to verify, and to give Redis persistence (appendonly yes).';
const lostAt = '2025-01-01T00:00:00.000Z';
const none: Interaction[] = [];

describe('an inconclusive count', () => {
  it('names the dropped requests and says to raise --journal-limit', async () => {
    const result = await verifyRequests(none, { path: '/plants' }, { atLeast: 1 }, 1);
    expect(result.message).toBe(
      `Failed to verify: 0 recorded requests match, but ${dropped} that may have matched too, so "at least 1" cannot be decided. ${droppedAdvice}`,
    );
  });

  it('names the lost data and says to give Redis persistence', async () => {
    const result = await verifyRequests(none, { path: '/plants' }, { atLeast: 1 }, 0, lostAt);
    expect(result.message).toBe(
      `Failed to verify: 0 recorded requests match, but ${lost} that may have matched too, so "at least 1" cannot be decided. ${lostAdvice}`,
    );
  });
});

describe('an inconclusive sequence', () => {
  it('names the dropped requests and says to raise --journal-limit', async () => {
    const result = await verifySequence(none, [{ path: '/plants' }], 1);
    expect(result.message).toBe(
      `Failed to verify the sequence: ${dropped}, which may have held the requests not found. ${droppedAdvice}`,
    );
  });

  it('names the lost data and says to give Redis persistence', async () => {
    const result = await verifySequence(none, [{ path: '/plants' }], 0, lostAt);
    expect(result.message).toBe(
      `Failed to verify the sequence: ${lost}, which may have held the requests not found. ${lostAdvice}`,
    );
  });
});
