// Injected into the browser bundle (scripts/build-msw-browser.ts): the globals of Node the
// pipeline uses, for each module that names them.
export { Buffer } from 'buffer';
export { resolveProvided } from './node-module.ts';
