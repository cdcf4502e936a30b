import { createHash } from 'node:crypto';
import { connectionsOf, type RedisClient } from './redis-client.ts';

/** A Lua script run by its SHA-1, sent whole only when Redis does not hold it yet. */
export interface RedisScript {
  lua: string;
  sha: string;
}

// Every script made, loaded into Redis at connection and again when it comes back: a script
// sent whole on first use (after a NOSCRIPT) would be run after commands sent later.
const scripts: RedisScript[] = [];

/** Makes a RedisScript of Lua source; call at module level, before connecting. */
export function redisScript(lua: string): RedisScript {
  const script = { lua, sha: createHash('sha1').update(lua).digest('hex') };
  scripts.push(script);
  return script;
}

// On every master of a cluster: the mock's keys are on one of them, which may change.
export async function loadScripts(client: RedisClient): Promise<void> {
  await Promise.all(
    connectionsOf(client).flatMap((node) =>
      scripts.map((script) => node.script('LOAD', script.lua)),
    ),
  );
}
