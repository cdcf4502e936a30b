// A process that imports the package (a build's dist/index.js) and calls startMockServer(), as a
// test suite's global setup does; prints {"url": ...} once it listens. For bench/startup.ts:
//   node bench/start-imported.ts DIST_INDEX [SPEC]
import { pathToFileURL } from 'node:url';

const [entry, spec] = process.argv.slice(2);
if (entry === undefined) throw new Error('Usage: node bench/start-imported.ts DIST_INDEX [SPEC]');
const { startMockServer } = (await import(
  pathToFileURL(entry).href
)) as typeof import('../src/index.ts');
const mock = await startMockServer({
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  ...(spec === undefined ? {} : { spec }),
});
process.stdout.write(`${JSON.stringify({ url: mock.url })}\n`);
process.on('SIGTERM', () => {
  void mock.close().then(() => process.exit(0));
});
