import { describe, expect, it } from 'vitest';
import { isJsonEssence, mediaTypeEssence } from '../../../src/parsing/media-type-essence.ts';

describe('a media type read by its essence', () => {
  it('drops parameters, spaces and case', () => {
    expect(mediaTypeEssence(' Application/JSON ; charset=utf-8')).toBe('application/json');
    expect(mediaTypeEssence('')).toBe('');
  });

  it('is JSON for application/json and application/...+json only', () => {
    for (const json of [
      'application/json',
      'application/merge-patch+json',
      'application/vnd.x+json',
    ]) {
      expect(isJsonEssence(json)).toBe(true);
    }
    for (const other of ['', 'text/json', 'application/jsonx', 'application/+json', 'json']) {
      expect(isJsonEssence(other)).toBe(false);
    }
  });
});
