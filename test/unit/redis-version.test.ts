import { expect, it } from 'vitest';
import { redisVersionProblem } from '../../src/shared-state/redis-client.ts';

it('refuses a Redis older than 6.2, by the version INFO gives', () => {
  expect(redisVersionProblem('# Server\r\nredis_version:6.0.16\r\nredis_mode:standalone\r\n')).toBe(
    'Redis 6.0.16 is too old: the mock needs Redis 6.2 or later. Make sure to run a newer Redis there, or start the mock with --store memory.',
  );
  expect(redisVersionProblem('redis_version:5.0.7\r\n')).toMatch(/^Redis 5.0.7 is too old/);
  expect(redisVersionProblem('redis_version:6.2.0\r\n')).toBeUndefined();
  expect(redisVersionProblem('redis_version:7.0.15\r\n')).toBeUndefined();
  expect(redisVersionProblem('redis_version:10.0.0\r\n')).toBeUndefined();
  // A server that does not say (a proxy, a compatible store) is given the benefit of the doubt.
  expect(redisVersionProblem('')).toBeUndefined();
});
