/** The Examples section of `--help`: the habits users bring from Prism and from npm. */
export const helpExamples: [string, string][] = [
  ['$0 openapi.yaml -p 4011', 'Serve your own contract on port 4011'],
  ['$0 --mode dynamic --seed 42', 'Generated answers, the same on every run'],
  ['$0 --record-file traffic.jsonl', 'Append every interaction to a file'],
  ['npm start -- --port 4011', 'From a clone: options go after --, or npm keeps them'],
];
