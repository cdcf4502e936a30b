import { parseRequestBody } from '../../validation/parse-request-body.ts';
import { flattenHeaders } from '../../parsing/flatten-headers.ts';
import { next, type Stage } from '../context.ts';
import { withoutControlParameters } from '../../responders/parse-controls.ts';

/**
 * Decodes the body by its content type (a JSON body parsed, its big integers noted) and makes
 * the request as the checks and the responders see it: control parameters left out of the
 * query, header names in lower case.
 */
export const parseBody: Stage = (context) => {
  const { method, path, query, headers, body } = context.arrival;
  const parsed = parseRequestBody(context.operation, headers['content-type'], body);
  context.body = parsed;
  context.request = {
    method,
    path,
    query: withoutControlParameters(query),
    headers: flattenHeaders(headers),
    body: parsed.body,
    bigIntegers: parsed.bigIntegers,
  };
  return next;
};
