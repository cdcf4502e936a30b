import type { ContractOperation } from '../../contract/contract-operation.ts';
import type { EngineRequest } from '../../contract/engine-messages.ts';
import { jsonHeaders, type ModeAnswer, type ResponseMode } from '../response-mode.ts';
import type { Stub } from './stub.ts';

/** The answer a stub gives: its body, a named example or a fake for its status. */
export async function answerFromStub(
  stub: Stub,
  operation: ContractOperation | undefined,
  request: EngineRequest,
  session: string,
  modes: { static: ResponseMode; dynamic: ResponseMode },
  seed: string | undefined,
): Promise<ModeAnswer> {
  const source = `stub:${stub.id}`;
  const response = stub.response ?? { status: 200, body: undefined };
  const headers = { ...jsonHeaders, ...response.headers };
  if (operation !== undefined && (response.example !== undefined || response.dynamic === true)) {
    const modeRequest = { operation, request, session, status: response.status, seed };
    const answer =
      response.example !== undefined
        ? await modes.static.respond({ ...modeRequest, exampleKey: response.example })
        : await modes.dynamic.respond(modeRequest);
    // The stub's answer goes out as JSON, whatever media type the contract gives the example.
    const { status, body } = answer.response;
    return { response: { status, headers, body }, source };
  }
  return { response: { status: response.status, headers, body: response.body }, source };
}
