/** A reference to one of the admin API document's schemas. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An answer of the admin API document with a JSON body. */
export const json = (schema: object, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An `Error`-shaped answer. */
export const error = (description: string) => json(ref('Error'), description);

/** A contract violation, as stubs, verdicts and recordings list them. */
export const violation = {
  type: 'object',
  required: ['location', 'message'],
  properties: { location: { type: 'string' }, message: { type: 'string' } },
};
