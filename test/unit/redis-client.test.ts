import { expect, it } from 'vitest';
import { clusterUrl, withoutPassword } from '../../src/shared-state/redis-client.ts';

it('reads the nodes, credentials and TLS of a redis-cluster:// URL', () => {
  expect(clusterUrl('redis-cluster://10.0.0.1:7000,10.0.0.2:7001,[::1]:7002')).toEqual({
    nodes: [
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
      { host: '::1', port: 7002 },
    ],
    tls: false,
  });
  expect(clusterUrl('rediss-cluster://app:s%40cret@redis.internal')).toEqual({
    nodes: [{ host: 'redis.internal', port: 6379 }],
    tls: true,
    username: 'app',
    password: 's@cret',
  });
  expect(clusterUrl('redis://127.0.0.1:6379/0')).toBeUndefined();
});

it('names a store in messages without its password', () => {
  expect(withoutPassword('redis-cluster://:secret@10.0.0.1:7000,10.0.0.2:7000')).toBe(
    'redis-cluster://:***@10.0.0.1:7000,10.0.0.2:7000',
  );
  expect(withoutPassword('redis://app:secret@127.0.0.1:6379/0')).toBe(
    'redis://app:***@127.0.0.1:6379/0',
  );
});
