import { leftOutKinds } from '../pact/left-out.ts';
import { error, json } from './openapi-parts.ts';

const leftOut = {
  type: 'object',
  required: ['kind', 'reason', 'count', 'ids'],
  properties: {
    kind: {
      type: 'string',
      enum: leftOutKinds,
    },
    reason: { type: 'string' },
    count: { type: 'integer', description: 'Entries left out for this reason' },
    ids: { type: 'array', items: { type: 'string' }, description: 'The first ten of them' },
  },
};

/** The admin API document's entry for GET /__admin/pact (see adminOpenApi). */
export const pactPath = {
  get: {
    operationId: 'exportPact',
    description:
      "The session's traffic as a Pact file: one interaction per request shape the contract accepted, with the answer that was sent, and what was left out and why. It holds everything the session answered since it began (or since DELETE /__admin/pact), whatever resets and clears of its requests came between.",
    parameters: [
      { name: 'consumer', in: 'query', schema: { type: 'string', default: 'consumer' } },
      {
        name: 'provider',
        in: 'query',
        description: "Default: the contract's title",
        schema: { type: 'string' },
      },
      { name: 'spec', in: 'query', schema: { type: 'string', enum: ['4', '3'], default: '4' } },
      {
        name: 'outsideContract',
        in: 'query',
        description: 'Include answers of stubs registered with allowContractViolation',
        schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
      },
    ],
    responses: {
      '200': json(
        {
          type: 'object',
          required: ['pact', 'leftOut', 'entries'],
          properties: {
            pact: {
              type: 'object',
              required: ['consumer', 'provider', 'interactions', 'metadata'],
              description: 'A Pact specification V4 (or V3) file',
            },
            leftOut: { type: 'array', items: leftOut },
            entries: { type: 'integer', description: 'Journal entries read' },
          },
        },
        'The pact, and what was left out of it',
      ),
      '400': error('A malformed query'),
    },
  },
  delete: {
    operationId: 'clearPact',
    description:
      "Starts the session's pact again: forgets what it kept from before the session's resets, and clears its journal. A reset or DELETE /__admin/requests keeps the pact's share of the traffic; this does not.",
    responses: {
      '204': { description: "The session's pact is empty" },
    },
  },
};
