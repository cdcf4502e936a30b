import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, loggerName } from '../../src/observe/create-logger.ts';
import { createRequestLog, type RequestLine } from '../../src/observe/log-requests.ts';
import {
  killLeftoverClis,
  parseLogLine,
  startCli,
  type LaunchedCli,
} from '../support/launch-cli.ts';
import { send } from '../support/mock-fetch.ts';

const lines: RequestLine[] = [
  {
    method: 'POST',
    path: '/plants',
    status: 200,
    started: 0,
    operationId: 'createPlant',
    source: 'stateful',
  },
  {
    method: 'GET',
    path: '/nope',
    status: 404,
    started: 0,
    operationId: null,
    source: 'error:NOT_FOUND',
  },
  {
    method: 'M-SEARCH',
    path: '/pl"ants\\x/\u0001\u001f/é/ü/\u2028',
    status: 400,
    started: 0,
    operationId: 'op "quoted"',
    source: 'fault:malformed',
  },
];

function flushed(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    logger.flush(() => {
      resolve();
    });
  });
}

// time and durationMs differ from line to line; everything else must be the same text.
const timeless = (text: string): string[] =>
  text
    .trim()
    .split('\n')
    .map((line) =>
      line.replace(/"time":\d+/, '"time":0').replace(/"durationMs":[-\d.e]+/, '"durationMs":0'),
    );

describe('request log', () => {
  it('writes each request line exactly as pino would', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-'));
    const fastFile = join(dir, 'fast.log');
    const fastLogger = createLogger({ logLevel: 'info', logFormat: 'json' }, fastFile);
    const pinoFile = join(dir, 'pino.log');
    const pinoLogger = pino(
      { name: loggerName, level: 'info' },
      pino.destination({ dest: pinoFile, sync: true }),
    );
    const fast = createRequestLog(fastLogger, 'stateful');
    const viaPino = createRequestLog(pinoLogger, 'stateful');
    for (const line of lines) {
      fast({ ...line, started: performance.now() });
      viaPino({ ...line, started: performance.now() });
    }
    await flushed(fastLogger);
    const written = timeless(readFileSync(fastFile, 'utf8'));
    expect(written).toEqual(timeless(readFileSync(pinoFile, 'utf8')));
    expect(written).toHaveLength(lines.length);
    const first = JSON.parse(readFileSync(fastFile, 'utf8').split('\n')[0] ?? '') as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({ level: 30, mode: 'stateful', path: '/plants', msg: 'request' });
    expect(first.durationMs).toEqual(expect.any(Number));
    expect(String(first.durationMs).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
  });

  it('writes debug lines exactly as pino would, and only when debug is on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-'));
    const files = { fast: join(dir, 'fast.log'), pino: join(dir, 'pino.log') };
    const debugLogger = createLogger({ logLevel: 'debug', logFormat: 'json' }, files.fast);
    const infoLogger = createLogger({ logLevel: 'info', logFormat: 'json' }, join(dir, 'info.log'));
    const pinoLogger = pino(
      { name: loggerName, level: 'debug' },
      pino.destination({ dest: files.pino, sync: true }),
    );
    const line = { ...(lines[0] as RequestLine), started: performance.now() };
    createRequestLog(debugLogger, 'stateful', 'debug')(line);
    createRequestLog(pinoLogger, 'stateful', 'debug')(line);
    createRequestLog(infoLogger, 'stateful', 'debug')(line);
    infoLogger.info('kept');
    await Promise.all([flushed(debugLogger), flushed(infoLogger)]);
    const written = timeless(readFileSync(files.fast, 'utf8'));
    expect(written).toEqual(timeless(readFileSync(files.pino, 'utf8')));
    expect(JSON.parse(written[0] ?? '')).toMatchObject({ level: 20, msg: 'request' });
    expect(readFileSync(join(dir, 'info.log'), 'utf8').trim().split('\n')).toEqual([
      expect.stringContaining('"msg":"kept"'),
    ]);
  });

  it('writes nothing below info', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-'));
    const file = join(dir, 'warn.log');
    const logger = createLogger({ logLevel: 'warn', logFormat: 'json' }, file);
    createRequestLog(
      logger,
      'static',
    )({ ...(lines[0] as RequestLine), started: performance.now() });
    logger.warn('kept');
    await flushed(logger);
    const written = readFileSync(file, 'utf8').trim().split('\n');
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('"msg":"kept"');
  });
});

describe("the CLI's request log", () => {
  afterEach(killLeftoverClis);
  const listen = ['--port', '0', '--host', '127.0.0.1'];

  /** The request log lines a CLI has written so far. */
  function requestLines(cli: LaunchedCli) {
    return cli.lines
      .map(parseLogLine)
      .filter((record) => record !== undefined && record.msg === 'request');
  }

  it.each([
    ['on the mock port', [] as string[]],
    ['on --admin-port', ['--admin-port', '0']],
  ])('logs admin requests %s with their /__admin path', async (_, flags) => {
    const { cli, startup } = await startCli([...listen, ...flags]);
    const adminUrl = String(startup.adminUrl);
    expect((await send(`${adminUrl}/requests?limit=1`)).status).toBe(200);
    expect((await send(`${adminUrl}/nope`)).status).toBe(404);
    await cli.waitForLine((line) => parseLogLine(line)?.status === 404, 'the 404 request line');
    expect(requestLines(cli)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/__admin/requests', status: 200 }),
      expect.objectContaining({ method: 'GET', path: '/__admin/nope', status: 404 }),
    ]);
  });

  it('logs health checks at debug, not info', async () => {
    const quiet = await startCli(listen);
    expect((await send(`${quiet.url}/__admin/health`)).status).toBe(200);
    expect((await send(`${quiet.url}/__admin/nope`)).status).toBe(404);
    await quiet.cli.waitForLine((line) => parseLogLine(line)?.status === 404, 'the 404 line');
    expect(requestLines(quiet.cli)).toEqual([expect.objectContaining({ status: 404, level: 30 })]);

    const verbose = await startCli([...listen, '--log-level', 'debug']);
    expect((await send(`${verbose.url}/__admin/health`)).status).toBe(200);
    const line = await verbose.cli.waitForLine(
      (text) => parseLogLine(text)?.msg === 'request',
      'the health check line',
    );
    expect(parseLogLine(line)).toMatchObject({
      level: 20,
      method: 'GET',
      path: '/__admin/health',
      status: 200,
      source: 'admin',
    });
  });
});
