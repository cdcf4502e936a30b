import type { ContractOperation } from '../../contract/contract-operation.ts';
import { flattenHeaders } from '../../parsing/flatten-headers.ts';
import { withoutControlParameters } from '../../responders/parse-controls.ts';
import { parseRequestBody } from '../../validation/parse-request-body.ts';
import type { ParsedRequest, RoutedRequest } from '../request-states.ts';

/**
 * Decodes the body by its content type (a JSON body parsed, its big integers noted) and makes
 * the request as the checks and the responders see it: control parameters left out of the
 * query, header names in lower case. What reading the body found is the verdict so far.
 */
export function readRequest<Op extends ContractOperation | undefined>({
  arrival,
  operation,
}: RoutedRequest<Op>): ParsedRequest<Op> {
  const { method, path, query, headers, body } = arrival;
  const parsed = parseRequestBody(operation, headers['content-type'], body);
  return {
    arrival,
    operation,
    request: {
      method,
      path,
      query: withoutControlParameters(query),
      headers: flattenHeaders(headers),
      body: parsed.body,
      bigIntegers: parsed.bigIntegers,
    },
    requestViolations: parsed.violations,
  };
}
