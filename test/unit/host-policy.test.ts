import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { hostPolicy } from '../../src/http/host-policy.ts';

const policy = hostPolicy(['mock.example.com', '.ci.example.org'], '127.0.0.1');

it.each([
  'localhost',
  'localhost:4010',
  'LocalHost.',
  'app.localhost:3000',
  '127.0.0.1:4010',
  '192.168.1.20',
  '[::1]:4010',
  '[fe80::1]',
  'mock',
  'mock:4010',
  'plant_store_mock-1',
  'host.docker.internal:4010',
  'mock.default.svc.cluster.local',
  'api.test',
  hostname(),
  'mock.example.com',
  'ci.example.org',
  'build-7.ci.example.org:8080',
])('allows the Host %j', (host) => {
  expect(policy.allowsHost(host)).toBe(true);
});

it.each([
  'attacker.example',
  'attacker.example.',
  'localhost.attacker.example',
  '127.0.0.1.nip.io',
  'mock.example.com.attacker.example',
  'xci.example.org',
  'example.org',
  'localhost@attacker.example',
  'localhost:4010:80',
  'localhost/x',
  '[::1',
  ' ',
  '',
])('refuses the Host %j', (host) => {
  expect(policy.allowsHost(host)).toBe(false);
});

it('allows a missing Host (HTTP/1.0), which no browser sends', () => {
  expect(policy.allowsHost(undefined)).toBe(true);
});

it.each([
  ['http://localhost:5173', 'localhost:4010'],
  ['https://app.localhost', '127.0.0.1:4010'],
  ['http://127.0.0.1:3000', 'localhost:4010'],
  ['http://[::1]:3000', 'localhost:4010'],
  ['http://frontend:3000', 'mock:4010'],
  ['http://192.168.1.20:5173', '192.168.1.20:4010'],
  ['https://build-7.ci.example.org', 'mock:4010'],
])('allows a page of origin %s calling %s', (origin, host) => {
  expect(policy.allowsOrigin(origin, host)).toBe(true);
});

it.each([
  ['https://attacker.example', 'localhost:4010'],
  ['http://203.0.113.9', 'localhost:4010'],
  ['http://192.168.1.20:5173', '192.168.1.21:4010'],
  ['null', 'localhost:4010'],
  ['file://', 'localhost:4010'],
  ['chrome-extension://abcdef', 'localhost:4010'],
  ['not a url', 'localhost:4010'],
])('refuses a page of origin %s calling %s', (origin, host) => {
  expect(policy.allowsOrigin(origin, host)).toBe(false);
});

it('allows every Host and Origin with *', () => {
  const open = hostPolicy(['*'], '127.0.0.1');
  expect(open.allowsHost('attacker.example')).toBe(true);
  expect(open.allowsOrigin('null', 'attacker.example')).toBe(true);
});
