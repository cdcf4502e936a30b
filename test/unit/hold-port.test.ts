import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { holdPort } from '../../src/http/hold-port.ts';

describe('holdPort', () => {
  it('holds the requests that come before the server, then hands them to it', async () => {
    const held = await holdPort(0, '127.0.0.1');
    const early = fetch(`http://127.0.0.1:${String(held.port)}/early`);
    // Nothing answers yet: the request waits rather than being refused.
    const pending = await Promise.race([early.then(() => 'answered'), Promise.resolve('waiting')]);
    expect(pending).toBe('waiting');
    const server = createServer((req, res) => res.end(`served ${req.url ?? ''}`));
    try {
      expect(await held.handOver(server)).toBe(held.port);
      expect(await (await early).text()).toBe('served /early');
      const late = await fetch(`http://127.0.0.1:${String(held.port)}/late`);
      expect(await late.text()).toBe('served /late');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers waiting and later requests 503 with the reason once refused', async () => {
    const held = await holdPort(0, '127.0.0.1');
    const url = `http://127.0.0.1:${String(held.port)}/plants`;
    const early = fetch(url);
    held.refuse('Failed to start the mock: no contract.');
    for (const answer of [await early, await fetch(url)]) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        error: 503,
        message: 'Failed to start the mock: no contract.',
      });
    }
    held.close();
  });
});
