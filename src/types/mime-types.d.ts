// mime-types ships no types: the one function the browser bundle's shim calls.
declare module 'mime-types' {
  export function lookup(path: string): string | false;
}
