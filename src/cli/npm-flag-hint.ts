/**
 * A one-line hint when npm kept one of our options for itself: `npm start --port 4011` hands
 * `--port` to npm, which passes it on only as the env var `npm_config_port` (and `4011` as a
 * stray argument). Only when the npm script that runs is this CLI (`npm_lifecycle_script` names
 * it), so that `npm test --watch` and the like stay quiet in the servers tests start.
 *
 * @example
 * npmFlagHint({ npm_lifecycle_event: 'start', npm_lifecycle_script: 'plant-store-mock', npm_config_port: 'true' }, ['port']);
 * // 'npm kept --port for itself: pass options after --, as in npm start -- --port VALUE'
 */
export function npmFlagHint(
  env: NodeJS.ProcessEnv,
  options: readonly string[],
): string | undefined {
  const event = env.npm_lifecycle_event;
  const script = env.npm_lifecycle_script ?? '';
  if (event === undefined || !/plant-store-mock|cli\/main\.[jt]s/.test(script)) return undefined;
  const eaten = options.filter(
    (name) => env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined,
  );
  if (eaten.length === 0) return undefined;
  const flags = eaten.map((name) => `--${name}`).join(', ');
  const example = eaten
    .map((name) => {
      const value = env[`npm_config_${name.replaceAll('-', '_')}`];
      return value === 'true' || value === '' ? `--${name} VALUE` : `--${name} ${String(value)}`;
    })
    .join(' ');
  const run = event === 'start' ? 'npm start' : `npm run ${event}`;
  return `npm kept ${flags} for itself: pass options after --, as in ${run} -- ${example}`;
}
