import { HttpError } from '../errors.ts';
import { faultNames, isFaultName, type FaultName } from './fault-names.ts';

/**
 * Per-request steering, from `Prefer` or the `__code`, `__example`, `__dynamic`, `__seed`,
 * `__delay` and `__fault` query parameters.
 */
export interface MockControls {
  status?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
  delayMs?: number;
  fault?: FaultName;
}

type ControlName = keyof MockControls;

// A Map, not an object: `__proto__` or `constructor` must not name a control.
const preferenceNames = new Map<string, ControlName>([
  ['code', 'status'],
  ['example', 'exampleKey'],
  ['dynamic', 'dynamic'],
  ['seed', 'seed'],
  ['delay', 'delayMs'],
  ['fault', 'fault'],
]);

// The same controls as query parameters: `__code`, `__example`, ...
const queryControls = [...preferenceNames].map(([key, name]) => ({ parameter: `__${key}`, name }));

/** Standard RFC 7240 preferences that clients send for their own reasons; they steer nothing here. */
const standardPreferences = new Set(['return', 'respond-async', 'wait', 'handling']);

/**
 * Reads the mock controls of a request. A malformed value is refused (400), never ignored.
 *
 * @example
 * parseControls('code=400, example=missingName', {}); // { status: 400, exampleKey: 'missingName' }
 * parseControls(undefined, { __dynamic: 'true', __seed: '7' }); // { dynamic: true, seed: '7' }
 */
export function parseControls(
  prefer: string | undefined,
  query: Record<string, unknown>,
): MockControls {
  const controls: MockControls = {};
  if (prefer !== undefined) {
    for (const part of prefer.split(/[,;]/)) {
      const token = part.trim();
      if (token === '') continue;
      const separator = token.indexOf('=');
      const key = (separator === -1 ? token : token.slice(0, separator)).trim().toLowerCase();
      if (standardPreferences.has(key)) continue;
      const name = preferenceNames.get(key);
      if (name === undefined) {
        fail(
          `unknown preference "${key}" in the Prefer header`,
          `use ${[...preferenceNames.keys()].join(', ')}`,
        );
      }
      const raw = separator === -1 ? '' : unquote(token.slice(separator + 1).trim());
      setControl(controls, name, raw, `Prefer ${key}`);
    }
  }
  for (const { parameter, name } of queryControls) {
    const value = query[parameter];
    if (value === undefined) continue;
    if (typeof value !== 'string')
      fail(`query parameter ${parameter} is given more than once`, 'give it once');
    setControl(controls, name, value, `query parameter ${parameter}`);
  }
  return controls;
}

/** Removes the `__` control parameters, so that the contract judges only the request's own query. */
export function withoutControlParameters(
  query: Record<string, unknown>,
): Record<string, string | string[]> {
  const own: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('__') && preferenceNames.has(key.slice(2))) continue;
    if (typeof value === 'string' || Array.isArray(value)) own[key] = value as string | string[];
  }
  return own;
}

function setControl(controls: MockControls, name: ControlName, raw: string, where: string): void {
  switch (name) {
    case 'status': {
      if (!/^[1-5]\d\d$/.test(raw))
        fail(
          `${where} must be an HTTP status from 100 to 599, got "${raw}"`,
          'send for example code=400',
        );
      controls.status = Number(raw);
      return;
    }
    case 'dynamic': {
      if (raw !== 'true' && raw !== 'false')
        fail(`${where} must be true or false, got "${raw}"`, 'send dynamic=true or dynamic=false');
      controls.dynamic = raw === 'true';
      return;
    }
    case 'delayMs': {
      if (!/^\d{1,9}$/.test(raw))
        fail(
          `${where} must be a whole number of milliseconds, got "${raw}"`,
          'send for example delay=250',
        );
      controls.delayMs = Number(raw);
      return;
    }
    case 'fault': {
      if (!isFaultName(raw))
        fail(
          `${where} must be one of ${faultNames.join(', ')}, got "${raw}"`,
          'send for example fault=reset',
        );
      controls.fault = raw;
      return;
    }
    case 'exampleKey':
    case 'seed': {
      if (raw === '' || raw.length > 200)
        fail(
          `${where} must be a non-empty value of at most 200 characters`,
          `send for example ${name === 'seed' ? 'seed=42' : 'example=monstera'}`,
        );
      controls[name] = raw;
      return;
    }
  }
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1)
    : value;
}

function fail(reason: string, remedy: string): never {
  throw new HttpError(
    'INVALID_CONTROL',
    `Failed to read the mock controls: ${reason}. Make sure to ${remedy}.`,
  );
}
