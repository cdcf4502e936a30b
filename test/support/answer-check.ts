import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Judges answers against a contract document with ajv, without the mock's own checks: the body
 * against the schema the document declares for the operation, status and media type (OpenAPI 3
 * content, or a Swagger 2.0 `schema`). Returns the violations, [] when the answer is valid.
 */
export function answerChecker(specPath: string) {
  const document = parse(readFileSync(specPath, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'doc' });
  const base = typeof document.basePath === 'string' ? document.basePath.replace(/\/$/, '') : '';
  const paths = Object.keys(document.paths as object);

  return (
    method: string,
    path: string,
    status: number,
    body: unknown,
    mediaType = 'application/json',
  ) => {
    const template = paths.find((p) =>
      new RegExp(`^${base}${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path.split('?')[0] ?? ''),
    );
    if (template === undefined) return [`no path of the contract matches ${path}`];
    const responses =
      (document.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>)[
        template
      ]?.[method.toLowerCase()]?.responses ?? {};
    const code =
      String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
    if (code === undefined) return [`${method} ${template} declares no ${status}`];
    const pointer = ['paths', template, method.toLowerCase(), 'responses', code];
    const response = responses[code] as { content?: Record<string, unknown>; schema?: unknown };
    if (document.swagger === undefined) {
      if (response.content === undefined)
        return body === undefined || body === '' ? [] : ['a body where none is declared'];
      if (!(mediaType in response.content))
        return [`no ${mediaType} content declared for ${status}`];
      pointer.push('content', mediaType, 'schema');
    } else {
      if (response.schema === undefined)
        return body === undefined || body === '' ? [] : ['a body where none is declared'];
      pointer.push('schema');
    }
    const ref = `doc#/${pointer.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
}
