// What the browser bundle never runs, in place of the modules behind it: YAML contract files
// (read from disk only), the YAML and HTTP resolvers of $refs (switched off: a contract's $refs
// stay inside it) and the query strings of Node's legacy URL parser (never asked for).

function notInBrowser(): never {
  throw new Error(
    'Failed to read the contract: files and external $refs are not read in the browser. Make sure to give the contract as an object or as the URL of one document.',
  );
}

export const parse = notInBrowser;
export const parseYaml = notInBrowser;
export const parseWithPointers = notInBrowser;
export const stringify = notInBrowser;
