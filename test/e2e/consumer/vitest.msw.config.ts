// The in-process handlers' suite (plant-store-mock/msw), run on its own.
// Named so that a plain `vitest run` in this project does not pick it up.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['*.msw.ts'] } });
