import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

// The tests judge bodies against openapi.yaml themselves, without trusting the server's validator.
const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, object> };
};
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema({ $id: 'contract', components: document.components });

function validatorFor(name: string) {
  return ajv.compile({ $ref: `contract#/components/schemas/${name}` });
}

const validators = {
  Plant: validatorFor('Plant'),
  NewPlant: validatorFor('NewPlant'),
  Error: validatorFor('Error'),
};

/** The schema violations of a value against a named schema of openapi.yaml ([] when it is valid). */
export function schemaErrors(name: keyof typeof validators, value: unknown): string[] {
  const validate = validators[name];
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
