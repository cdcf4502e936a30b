// The package's types are not a dependency; these are the calls parse-yaml.ts makes (js-yaml 4).
declare module 'js-yaml' {
  export const CORE_SCHEMA: object;
  export function load(text: string, options?: { schema?: object; filename?: string }): unknown;
  export class YAMLException extends Error {
    readonly reason: string;
    readonly mark?: { readonly line: number; readonly column: number; readonly position: number };
  }
}
