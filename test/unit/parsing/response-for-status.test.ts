import { expect, it } from 'vitest';
import { mediaTypeEssence } from '../../../src/parsing/media-type-essence.ts';
import { responseForStatus } from '../../../src/parsing/response-for-status.ts';

const codes = (...list: string[]) => list.map((code) => ({ code }));

it('finds the exact code first, then its range in any case, then default', () => {
  const responses = codes('default', '2xx', '201', '4XX');
  expect([201, 200, 404, 500, 100].map((s) => responseForStatus(responses, s)?.code)).toEqual([
    '201',
    '2xx',
    '4XX',
    'default',
    'default',
  ]);
  expect(responseForStatus(codes('200'), 404)).toBeUndefined();
});

it('compares media types by their essence, as answers and pacts both read them', () => {
  expect(mediaTypeEssence(' Application/JSON ; charset=utf-8')).toBe('application/json');
  expect(mediaTypeEssence('')).toBe('');
});
