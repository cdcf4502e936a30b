/** One request a consumer test sends, with the statuses the contract allows for it. */
export interface TrafficRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** JSON text, sent as it is (so that ids past 2^53 stay exact). */
  body?: string;
}

const json = { 'content-type': 'application/json' };
const bearer = { authorization: 'Bearer consumer-token' };
const basic = { authorization: 'Basic dXNlcjpwYXNz' };

/**
 * Consumer traffic for each contract the project ships: valid requests for every operation,
 * a few variants of shape, and requests the contract rejects (which a pact must leave out).
 */
export const contractTraffic: Record<
  string,
  { mode: 'stateful' | 'static' | 'dynamic'; requests: TrafficRequest[] }
> = {
  'openapi.yaml': {
    mode: 'stateful',
    requests: [
      {
        method: 'POST',
        path: '/plants',
        headers: { ...bearer, ...json },
        body: '{"id":1,"name":"Fern"}',
      },
      {
        method: 'POST',
        path: '/plants',
        headers: { ...bearer, ...json },
        body: '{"id":2,"name":"Moss"}',
      },
      {
        method: 'POST',
        path: '/plants',
        headers: { ...bearer, ...json },
        body: '{"id":3,"name":"Ivy","tag":"green"}',
      },
      {
        method: 'POST',
        path: '/plants',
        headers: { ...bearer, ...json },
        body: '{"id":9007199254740993,"name":"Big"}',
      },
      // A duplicate id: 400 with the contract's Error.
      {
        method: 'POST',
        path: '/plants',
        headers: { ...bearer, ...json },
        body: '{"id":1,"name":"Fern"}',
      },
      // Rejected: no name, and no operation.
      { method: 'POST', path: '/plants', headers: { ...bearer, ...json }, body: '{"id":4}' },
      { method: 'GET', path: '/nowhere', headers: bearer },
    ],
  },
  'fixtures/specs/greenhouse.yaml': {
    mode: 'static',
    requests: [
      { method: 'GET', path: '/ping', headers: { accept: 'text/plain' } },
      { method: 'GET', path: '/sensors', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/climate' },
      { method: 'GET', path: '/shed', headers: basic },
      { method: 'POST', path: '/vents', headers: json, body: '{"angle":30}' },
      { method: 'POST', path: '/vents', headers: json, body: '{"angle":300}' },
    ],
  },
  // Static and stateful answers of this recursive schema break it (the sampler stops at {}):
  // dynamic ones keep to it.
  'fixtures/specs/recursive-plant.json': {
    mode: 'dynamic',
    requests: [
      { method: 'GET', path: '/plants/1' },
      { method: 'GET', path: '/plants' },
    ],
  },
  'fixtures/specs/seed-bank-swagger.yaml': {
    mode: 'static',
    requests: [
      { method: 'GET', path: '/seeds', headers: { accept: 'application/json' } },
      {
        method: 'POST',
        path: '/seeds',
        headers: { ...basic, ...json },
        body: '{"name":"Basil","grams":12}',
      },
      {
        method: 'POST',
        path: '/seeds',
        headers: { 'x-api-key': 'k', ...json },
        body: '{"name":"Sage","grams":3}',
      },
      { method: 'GET', path: '/ping', headers: { accept: 'text/plain' } },
    ],
  },
  // Stateful mode answers a create of this contract without id and done, which breaks it.
  'fixtures/specs/todo-list.json': {
    mode: 'static',
    requests: [
      { method: 'GET', path: '/todos' },
      { method: 'POST', path: '/todos', headers: json, body: '{"title":"Repot the fern"}' },
      { method: 'GET', path: '/todos/1' },
      { method: 'GET', path: '/todos/0' },
    ],
  },
  // PactFlow's check reads OpenAPI and Swagger only: this one is checked by Pact's verifier.
  'fixtures/specs/seed-bank-postman.json': {
    mode: 'static',
    requests: [
      { method: 'GET', path: '/seeds', headers: { accept: 'application/json' } },
      { method: 'GET', path: '/ping', headers: { accept: 'text/plain' } },
    ],
  },
  'fixtures/specs/broken-example.yaml': {
    mode: 'static',
    requests: [{ method: 'GET', path: '/greetings' }],
  },
};

/** Sends the traffic in order, in a session; answers are read whole and not judged here. */
export async function sendTraffic(
  url: string,
  session: string,
  requests: readonly TrafficRequest[],
): Promise<void> {
  for (const request of requests) {
    const answer = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: { 'x-mock-session': session, ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    await answer.arrayBuffer();
  }
}
