import { declaredResponse } from '../../contract/choose-response.ts';
import { isJsonMediaType } from '../../contract/media-type.ts';
import { staticSample } from '../../contract/static-sample.ts';
import type { MaybePromise } from '../../maybe-promise.ts';
import { responseSchema } from '../../validation/prism-engine.ts';
import type { ModeAnswer, ModeRequest, ResponseMode } from '../response-mode.ts';
import { shapedItem } from './item-shape.ts';
import { listBody } from './list-answer.ts';

type Item = Record<string, unknown>;

/** A stored item as the operation's answer for the status shows it (see shapedItem). */
export function itemAnswer(
  modeRequest: ModeRequest,
  item: Item,
  fallback: ResponseMode,
): MaybePromise<ModeAnswer> {
  const { operation, status } = modeRequest;
  const mediaType = jsonMediaTypeOf(modeRequest);
  if (mediaType === undefined) return fallback.respond(modeRequest);
  const schema = responseSchema(operation, status);
  const body = shapedItem(item, schema, () => sampleOf(modeRequest));
  return respondWith(modeRequest, mediaType, body);
}

/** The stored items as the list operation's answer shows them (see listBody). */
export function listAnswer(modeRequest: ModeRequest, items: Item[]): MaybePromise<ModeAnswer> {
  const { operation, status, request } = modeRequest;
  const mediaType = jsonMediaTypeOf(modeRequest);
  if (mediaType === undefined) return respondWith(modeRequest, undefined, undefined);
  const schema = responseSchema(operation, status);
  const body = listBody(operation, items, request.query, schema, () => sampleOf(modeRequest));
  return respondWith(modeRequest, mediaType, body);
}

/** The stateful answer with the body, labelled with the media type (none without one). */
export function respondWith(
  { status }: ModeRequest,
  mediaType: string | undefined,
  body: unknown,
): ModeAnswer {
  const headers: Record<string, string> =
    mediaType === undefined ? {} : { 'content-type': mediaType };
  return {
    response: { status, headers, body, ...(mediaType === undefined ? {} : { mediaType }) },
    source: 'stateful',
  };
}

/** The contract's own answer for the status: its example, else a sample of its schema. */
export function sampleOf({ operation, status }: ModeRequest): unknown {
  const sample = staticSample(operation, { status });
  return sample.ok ? sample.response.body : undefined;
}

/** The JSON media type the contract declares for the status, which the answer is labelled with. */
export function jsonMediaTypeOf({ operation, status }: ModeRequest): string | undefined {
  return declaredResponse(operation, status)?.contents?.find((c) => isJsonMediaType(c.mediaType))
    ?.mediaType;
}
