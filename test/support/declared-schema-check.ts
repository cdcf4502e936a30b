import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

interface Document {
  swagger?: string;
  paths: Record<string, Record<string, { responses: Record<string, DeclaredResponse> }>>;
}

interface DeclaredResponse {
  $ref?: string;
  schema?: object;
  content?: Record<string, { schema?: object }>;
}

/**
 * A check of a body against the schema a contract declares for an operation's status (OpenAPI 3
 * or Swagger 2.0), by ajv on the document itself: not the mock's own validator. The check gives
 * the schema's violations, [] for a valid body.
 *
 * @example
 * const check = declaredSchemaCheck('todo.yaml');
 * check('/todos', 'POST', 400, { detail: 'x' }); // ["/ must have required property 'code'"]
 */
export function declaredSchemaCheck(file: string) {
  const document = parse(readFileSync(file, 'utf8')) as Document;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  // Swagger 2.0 and OpenAPI 3.0 schemas use no keyword that JSON Schema 2020-12 reads otherwise.
  ajv.addSchema({ ...document, $id: 'contract' });
  const resolve = (response: DeclaredResponse): DeclaredResponse => {
    if (response.$ref === undefined) return response;
    const path = response.$ref.replace(/^#\//, '').split('/');
    let found: unknown = document;
    for (const part of path) found = (found as Record<string, unknown>)[part];
    return found as DeclaredResponse;
  };
  return function check(path: string, method: string, status: number, body: unknown): string[] {
    const declared = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
    if (declared === undefined) return [`${method} ${path} declares no ${status}`];
    const response = resolve(declared);
    const at =
      declared.$ref ?? `#/paths/${segment(path)}/${method.toLowerCase()}/responses/${status}`;
    const media = Object.keys(response.content ?? {}).find((type) => type.includes('json'));
    const schemaAt =
      response.schema !== undefined || media === undefined
        ? `${at}/schema`
        : `${at}/content/${segment(media)}/schema`;
    const validate = ajv.getSchema(`contract${schemaAt}`);
    if (validate === undefined) return [`no schema at ${schemaAt}`];
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}

// One JSON pointer segment, as a URI fragment spells it.
function segment(name: string): string {
  return encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'));
}
