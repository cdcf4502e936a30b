import { json, ref, violation } from './openapi-parts.ts';

/** The admin API document's entry for GET /__admin/recording (see adminOpenApi). */
export const recordingPath = {
  get: {
    operationId: 'exportRecording',
    description:
      "The session's exchanges with the --upstream provider as a stubs file: one stub per request shape (method, path, body) whose exchange the contract accepted on both sides, each one that POST /__admin/stubs accepts, for --stubs FILE; the exchanges that broke the contract left out with their violations, and counted per operation (drift).",
    responses: {
      '200': json(
        {
          type: 'object',
          required: ['session', 'stubs', 'leftOut', 'notListed', 'drift'],
          properties: {
            session: { type: 'string' },
            stubs: {
              type: 'array',
              maxItems: 1000,
              items: ref('StubDefinition'),
            },
            leftOut: {
              type: 'array',
              maxItems: 100,
              items: {
                type: 'object',
                required: ['id', 'operationId', 'method', 'path', 'status', 'violations'],
                properties: {
                  id: { type: 'string' },
                  operationId: { type: ['string', 'null'] },
                  method: { type: 'string' },
                  path: { type: 'string' },
                  status: { type: 'integer' },
                  violations: { type: 'array', items: violation },
                },
              },
            },
            notListed: {
              type: 'integer',
              description: 'Left-out exchanges past the 100 listed',
            },
            drift: {
              type: 'object',
              description: 'Per operation id',
              additionalProperties: {
                type: 'object',
                required: ['exchanges', 'broken', 'violations'],
                properties: {
                  exchanges: { type: 'integer', description: 'Provider answers recorded' },
                  broken: { type: 'integer', description: 'Those that broke the contract' },
                  violations: {
                    type: 'object',
                    description: '`location: message` with how often it was seen',
                    additionalProperties: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
        'The stubs, what was left out, and the drift per operation',
      ),
    },
  },
};
