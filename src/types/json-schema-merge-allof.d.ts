// The package ships no types; this is the one call the engine makes.
declare module '@stoplight/json-schema-merge-allof' {
  export default function mergeAllOf(
    schema: object,
    options?: { deep?: boolean; ignoreAdditionalProperties?: boolean },
  ): object;
}
