// The fake's vitest setup: every test file's fetch answers from fake-plant-store.ts.
import { vi } from 'vitest';
import { fakeFetch } from './fake-plant-store.ts';

vi.stubGlobal('fetch', fakeFetch);
