import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

type Doc = Record<string, unknown> & {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

/** A resource's schema: a few typed fields, one constrained, one optional, as real contracts have. */
function resourceSchema(k: number): object {
  return {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer', format: 'int64' },
      name: { type: 'string', minLength: 1, maxLength: 80 },
      size: { type: 'string', enum: ['small', 'medium', 'large'] },
      [`note${k}`]: { type: 'string' },
    },
  };
}

const errorRef = { $ref: '#/components/schemas/Error' };

const tenant = { name: 'tenant', in: 'path', required: true, schema: { type: 'string' } };

/**
 * The Plant Store's own document plus generated operations up to `operations` in all (OpenAPI 3,
 * YAML): per resource a create (`POST /r{k}`, a request body) and a read (`GET /r{k}/{id}`).
 * With `parameterFirst`, every generated path starts with a parameter, as multi-tenant APIs'
 * do (`POST /{tenant}/r{k}`, `GET /{tenant}/r{k}/{id}`). Its POST /plants answers the bench's
 * readiness probe. Returns the file's path.
 *
 * @example
 * const spec = generateOpenApi(root, tmp, 2_000);
 * const tenants = generateOpenApi(root, tmp, 2_000, { parameterFirst: true });
 */
export function generateOpenApi(
  root: string,
  dir: string,
  operations: number,
  { parameterFirst = false } = {},
): string {
  const doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as Doc;
  const prefix = parameterFirst ? '/{tenant}' : '';
  const tenants = parameterFirst ? [tenant] : [];
  for (let k = 0, made = 1; made < operations; k += 1) {
    const ref = { $ref: `#/components/schemas/R${k}` };
    const json = (schema: object) => ({ 'application/json': { schema } });
    doc.components.schemas[`R${k}`] = resourceSchema(k);
    doc.paths[`${prefix}/r${k}`] = {
      post: {
        operationId: `createR${k}`,
        ...(parameterFirst ? { parameters: tenants } : {}),
        requestBody: { required: true, content: json(ref) },
        responses: {
          '201': { description: 'Created', content: json(ref) },
          '400': { description: 'Invalid', content: json(errorRef) },
        },
      },
    };
    made += 1;
    if (made >= operations) break;
    doc.paths[`${prefix}/r${k}/{id}`] = {
      get: {
        operationId: `readR${k}`,
        parameters: [
          ...tenants,
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        ],
        responses: {
          '200': { description: 'Found', content: json(ref) },
          '404': { description: 'Not found', content: json(errorRef) },
        },
      },
    };
    made += 1;
  }
  const path = join(dir, `openapi-${operations}${parameterFirst ? '-parameter-first' : ''}.yaml`);
  writeFileSync(path, stringify(doc, { aliasDuplicateObjects: false }));
  return path;
}

/**
 * A Swagger 2.0 document (JSON) of `paths` paths: POST /plants as the Plant Store declares it,
 * then `GET /r{k}/{id}` reads, each with its own definition. Returns the file's path.
 *
 * @example
 * const spec = generateSwagger(tmp, 20_000);
 */
export function generateSwagger(dir: string, paths: number): string {
  const error = {
    type: 'object',
    required: ['error', 'message'],
    properties: { error: { type: 'integer' }, message: { type: 'string' } },
  };
  const plant = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, tag: { type: 'string' } },
  };
  const newPlant = {
    ...plant,
    required: ['id', 'name'],
    properties: { ...plant.properties, id: { type: 'integer', format: 'int64' } },
  };
  const doc = {
    swagger: '2.0',
    info: { title: 'Generated store', version: '1.0.0' },
    consumes: ['application/json'],
    produces: ['application/json'],
    securityDefinitions: { bearer: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    security: [{ bearer: [] }],
    definitions: { Error: error, Plant: plant, NewPlant: newPlant } as Record<string, unknown>,
    paths: {
      '/plants': {
        post: {
          operationId: 'createPlant',
          parameters: [
            {
              name: 'body',
              in: 'body',
              required: true,
              schema: { $ref: '#/definitions/NewPlant' },
            },
          ],
          responses: {
            '200': { description: 'Created', schema: { $ref: '#/definitions/Plant' } },
            '400': { description: 'Invalid', schema: { $ref: '#/definitions/Error' } },
          },
        },
      },
    } as Record<string, unknown>,
  };
  for (let k = 0; k < paths - 1; k += 1) {
    doc.definitions[`R${k}`] = resourceSchema(k);
    doc.paths[`/r${k}/{id}`] = {
      get: {
        operationId: `readR${k}`,
        parameters: [{ name: 'id', in: 'path', required: true, type: 'integer' }],
        responses: {
          '200': { description: 'Found', schema: { $ref: `#/definitions/R${k}` } },
          '404': { description: 'Not found', schema: { $ref: '#/definitions/Error' } },
        },
      },
    };
  }
  const path = join(dir, `swagger-${paths}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}
