import { startMockServer, type RunningMockServer } from 'plant-store-mock';
import { createMockClient, MockClientError, type MockClient } from 'plant-store-mock/client';
import { MatcherUsageError, useMockSession } from 'plant-store-mock/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant } from '../support/mock-fetch.ts';
import { rejectionOf } from '../support/rejection-of.ts';

/** The error an expectation fails with; throws when it passes. */
const failureOf = (assertion: Promise<void>) => rejectionOf(assertion, Error);

const monstera = { method: 'POST', path: '/plants', body: { matches: { name: 'Monstera' } } };

describe('the vitest matchers', () => {
  let server: RunningMockServer;
  let mock: MockClient;
  let idle: MockClient;

  // One session with a known history: Monstera (200), Fern (200), a plant without a name (400).
  beforeAll(async () => {
    server = await startMockServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
    mock = createMockClient({ url: server.url, session: 'matchers' });
    idle = mock.session('matchers-idle');
    for (const body of [{ id: 1, name: 'Monstera' }, { id: 2, name: 'Fern' }, { id: 3 }]) {
      await createPlant(mock, body, mock.sessionHeaders);
    }
  });
  afterAll(() => server.close());

  it('toHaveReceived passes with the default and each kind of times', async () => {
    await expect(mock).toHaveReceived(monstera);
    await expect(mock).toHaveReceived(monstera, { times: { exactly: 1 } });
    await expect(mock).toHaveReceived({ path: '/plants' }, { times: { atLeast: 3 } });
    await expect(mock).toHaveReceived({ status: 400 }, { times: { atMost: 1 } });
  });

  it('toHaveReceived takes times in the shape mock.verify takes, and still takes { times }', async () => {
    await expect(mock).toHaveReceived(monstera, { exactly: 1 });
    await expect(mock).toHaveReceived({ path: '/plants' }, { atLeast: 3, atMost: 3 });
    await expect(mock).not.toHaveReceived(monstera, { exactly: 2 });
    await expect(mock).toHaveReceived(monstera, { times: { exactly: 1 } });
    const error = await failureOf(expect(mock).toHaveReceived(monstera, { exactly: 2 }));
    expect(error.message.split('\n')[0]).toBe(
      'expect(mock).toHaveReceived(pattern, {"exactly":2})',
    );
    expect(error.message).toContain('expected exactly 2 matching requests, got 1.');
  });

  it('toHaveReceived lists the requests that matched when there were too many', async () => {
    const error = await failureOf(expect(mock).toHaveReceived({ status: 200 }, { atMost: 1 }));
    expect(error.message).toContain('expected at most 1 matching request, got 2.');
    expect(error.message.split('\n').slice(-4)).toEqual([
      'Matching requests:',
      '  #1 POST /plants -> 200',
      '  #2 POST /plants -> 200',
      "Make sure the code under test sent its requests to this mock with the header X-Mock-Session: matchers, or to the session's base URL (mock.baseUrl).",
    ]);
    expect(error.message).not.toContain('Near misses');
  });

  it('toHaveReceived fails with the pattern, the count and the near misses', async () => {
    const error = await failureOf(expect(mock).toHaveReceived(monstera, { times: { exactly: 2 } }));
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('expect(mock).toHaveReceived(pattern, { times: {"exactly":2} })');
    expect(lines).toContain(
      'Failed to verify requests in session "matchers": expected exactly 2 matching requests, got 1.',
    );
    expect(lines).toContain(`Pattern: ${JSON.stringify(monstera)}`);
    expect(lines).toContain('  #2 POST /plants -> 200: body.name: expected "Monstera", got "Fern"');
    expect(lines).toContain(
      '  #3 POST /plants -> 400: body.name: expected "Monstera", got nothing',
    );
  });

  it('toHaveReceived fails when atLeast or atMost is not met', async () => {
    const atLeast = await failureOf(
      expect(mock).toHaveReceived({ path: '/plants' }, { times: { atLeast: 4 } }),
    );
    expect(atLeast.message).toContain('expected at least 4 matching requests, got 3.');
    const atMost = await failureOf(
      expect(mock).toHaveReceived({ status: 200 }, { times: { atMost: 1 } }),
    );
    expect(atMost.message).toContain('expected at most 1 matching request, got 2.');
  });

  it('.not.toHaveReceived passes when the count is not as given', async () => {
    await expect(mock).not.toHaveReceived({ body: { matches: { name: 'Ivy' } } });
    await expect(mock).not.toHaveReceived(monstera, { times: { exactly: 2 } });
    await expect(idle).not.toHaveReceived({ path: '/plants' });
  });

  it('.not.toHaveReceived fails listing the requests that matched', async () => {
    const error = await failureOf(expect(mock).not.toHaveReceived({ status: 200 }));
    expect(error.message.split('\n')).toEqual([
      'expect(mock).not.toHaveReceived(pattern)',
      '',
      'Expected the number of requests matching the pattern in session "matchers" not to be at least 1, but it was 2.',
      'Pattern: {"status":200}',
      'Matching requests:',
      '  #1 POST /plants -> 200',
      '  #2 POST /plants -> 200',
    ]);
  });

  it('toHaveCovered passes when each given status was answered', async () => {
    await expect(mock).toHaveCovered('createPlant', [200, 400]);
    await expect(mock).toHaveCovered('createPlant', ['200']);
  });

  it('toHaveCovered fails naming the statuses never answered', async () => {
    const error = await failureOf(expect(idle).toHaveCovered('createPlant', [200, 400]));
    expect(error.message.split('\n')).toEqual([
      'expect(mock).toHaveCovered("createPlant", [200,400])',
      '',
      'Expected createPlant (POST /plants) to have been answered with 200, 400 in session "matchers-idle", but never with 200, 400.',
      'Answered so far: 200: 0, 400: 0, 401: 0.',
      'Make sure the tests exercise each of those responses, sending X-Mock-Session: matchers-idle.',
    ]);
  });

  it('toHaveCovered without statuses wants every declared one, 401 included', async () => {
    const error = await failureOf(expect(mock).toHaveCovered('createPlant'));
    expect(error.message).toContain(
      'to have been answered with 200, 400, 401 in session "matchers", but never with 401.',
    );
    expect(error.message).toContain('Answered so far: 200: 2, 400: 1, 401: 0.');
  });

  it('.not.toHaveCovered passes when a status is missing and fails when all were answered', async () => {
    await expect(mock).not.toHaveCovered('createPlant', [401]);
    const error = await failureOf(expect(mock).not.toHaveCovered('createPlant', [200, 400]));
    expect(error.message).toContain(
      'Expected createPlant (POST /plants) not to have been answered with all of 200, 400 in session "matchers", but it was.',
    );
  });

  it('throws MatcherUsageError for a value that is not a MockClient, even with .not', async () => {
    const error = await rejectionOf(
      expect({ url: server.url }).not.toHaveReceived(monstera),
      MatcherUsageError,
    );
    expect(error).toBeInstanceOf(MatcherUsageError);
    expect(error.message).toContain('expect() was given an object with keys url, not a MockClient');
  });

  it('throws MatcherUsageError for an operation the contract lacks, even with .not', async () => {
    const error = await rejectionOf(
      expect(mock).not.toHaveCovered('deletePlant'),
      MatcherUsageError,
    );
    expect(error).toBeInstanceOf(MatcherUsageError);
    expect(error.message).toContain(
      'the contract has no operation "deletePlant". Make sure to use one of: createPlant.',
    );
  });

  it('useMockSession without the global setup throws MatcherUsageError naming the setup', () => {
    expect(() => useMockSession()).toThrow(MatcherUsageError);
    expect(() => useMockSession()).toThrow(
      "Make sure vitest's config has globalSetup: ['plant-store-mock/vitest/global-setup'].",
    );
  });

  it('lets a MockClientError through rather than failing or passing the expectation', async () => {
    const error = await rejectionOf(
      expect(mock).not.toHaveReceived({ pathPattern: '(' }),
      MockClientError,
    );
    expect(error).toBeInstanceOf(MockClientError);
  });
});
