import { formatViolations, type Violation } from '../contract/violation.ts';
import { HttpError } from '../errors.ts';
import { checkStub } from '../responders/stubs/check-stub.ts';
import { checkStubHeaders } from '../responders/stubs/check-stub-headers.ts';
import type { Stub } from '../responders/stubs/stub.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';
import { checkAdminBody } from './check-admin-body.ts';

/** POST /__admin/stubs: 201 with the stub, or 400 with the contract violations it would serve. */
export async function createStub({ deps, session, body }: AdminContext): Promise<AdminReply> {
  const checked = checkedStub(body, deps, session);
  if ('violations' in checked) {
    return {
      status: 400,
      body: {
        error: 400,
        message: `Failed to register the stub: it breaks the contract: ${formatViolations(checked.violations)}. Make sure the status and body are ones the contract allows, or set "allowContractViolation": true.`,
        violations: checked.violations,
      },
    };
  }
  await deps.stubs.add(checked.stub);
  deps.sessions.touch(session);
  return { status: 201, body: checked.stub };
}

/**
 * The stub a definition makes for the session, checked as POST /__admin/stubs checks it (what
 * is malformed is thrown as an HttpError), or the contract violations it would serve.
 */
export function checkedStub(
  body: unknown,
  deps: Pick<AdminContext['deps'], 'config' | 'contract' | 'stubs'>,
  session: string,
): { stub: Stub } | { violations: Violation[] } {
  const { stubSizeBytes, maxDelay } = deps.config;
  checkStubSize(body, stubSizeBytes);
  const definition = checkAdminBody.stub(body);
  checkStubHeaders(definition.response?.headers);
  if (definition.delayMs !== undefined && definition.delayMs > maxDelay) {
    throw new HttpError(
      'INVALID_ADMIN_REQUEST',
      `Failed to register the stub: delayMs ${definition.delayMs} is over --max-delay (${maxDelay} ms). Make sure to ask for a shorter delay.`,
    );
  }
  const { operationIds, violations } = checkStub(definition, deps.contract.current.operations);
  if (violations.length > 0 && definition.allowContractViolation !== true) return { violations };
  const stub: Stub = {
    ...definition,
    id: deps.stubs.nextId(),
    session,
    createdAt: new Date().toISOString(),
    uses: 0,
    operationIds,
    violations,
  };
  return { stub };
}

/** GET /__admin/stubs */
export async function listStubs({ deps, session }: AdminContext): Promise<AdminReply> {
  return { status: 200, body: { stubs: await deps.stubs.list(session) } };
}

/** GET /__admin/stubs/:id */
export async function getStub({ deps, session, params }: AdminContext): Promise<AdminReply> {
  return {
    status: 200,
    body: foundStub(await deps.stubs.get(session, params.id ?? ''), params.id, session),
  };
}

/** DELETE /__admin/stubs/:id */
export async function removeStub({ deps, session, params }: AdminContext): Promise<AdminReply> {
  if (!(await deps.stubs.remove(session, params.id ?? '')))
    foundStub(undefined, params.id, session);
  return { status: 204 };
}

/** DELETE /__admin/stubs */
export async function clearStubs({ deps, session }: AdminContext): Promise<AdminReply> {
  await deps.stubs.clear(session);
  return { status: 204 };
}

function foundStub(stub: Stub | undefined, id: string | undefined, session: string): Stub {
  if (stub !== undefined) return stub;
  throw new HttpError(
    'NOT_FOUND',
    `No stub has id ${id ?? ''} in session "${session}". Make sure the id comes from POST /__admin/stubs of the same session.`,
  );
}

// A stub is kept for as long as the mock runs, and listed whole: its size is what bounds the
// stubs' memory, and their listing's length.
function checkStubSize(body: unknown, limit: number): void {
  let size: number;
  try {
    const text = JSON.stringify(body) as string | undefined;
    size = text === undefined ? 0 : Buffer.byteLength(text);
  } catch {
    size = Infinity; // nested too deeply to write out, so too deeply to list or journal
  }
  if (size <= limit) return;
  throw new HttpError(
    'PAYLOAD_TOO_LARGE',
    `Failed to register the stub: ${Number.isFinite(size) ? `its definition is ${size} bytes of JSON` : 'its definition is nested too deeply'}, over the stub size limit of ${limit} bytes (--stub-size-limit). Make sure to send a smaller stub, or raise the limit.`,
  );
}
