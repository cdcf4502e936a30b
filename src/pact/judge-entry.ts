import type { ContractOperation } from '../contract/contract-operation.ts';
import type { JournalEntry, LeftOutKind } from './left-out.ts';

/** The contract the entries were recorded against: its hash and operations. */
export interface PactContract {
  /** Entries judged against another hash are left out; undefined takes every hash. */
  hash: string | undefined;
  operations: readonly ContractOperation[];
}

/** Whether an entry goes in a pact: why not, or the operation it goes in under. */
export type EntryVerdict =
  { kind: LeftOutKind } | { kind: undefined; operation: ContractOperation | undefined };

/**
 * Judges journal entries for a pact against the contract being served. Only answered requests
 * that the contract accepted go in, with an answer within the contract, judged by the contract
 * being served (`other-contract` for an operation it no longer has), with whole bodies. A record
 * file read with a contract loaded again finds its operation by method and path (a Postman
 * collection's operations get new ids at every load; see pactOperationName).
 *
 * @example
 * const judge = createEntryJudge(contract);
 * judge(entry, false); // { kind: undefined, operation } or { kind: 'rejected' }
 */
export function createEntryJudge(contract: PactContract) {
  const operations = new Map(contract.operations.map((op) => [op.operationId, op]));
  const routedOperation = (entry: JournalEntry): ContractOperation | undefined =>
    entry.contract.hash === contract.hash
      ? contract.operations.find(
          (op) => op.method === entry.request.method && op.matcher.test(entry.request.path),
        )
      : undefined;
  return function judgeEntry(entry: JournalEntry, outsideContract: boolean): EntryVerdict {
    const { source, request, response, operationId } = entry;
    const stub = source.startsWith('stub:');
    // A stub that answers outside the contract: a path the contract lacks, or another answer.
    const outside = stub && outsideContract ? undefined : 'stub-outside-contract';
    let kind: LeftOutKind | undefined;
    if (source.startsWith('fault:')) kind = 'fault';
    else if (response.status === 0 || source === 'aborted') kind = 'unanswered';
    else if (request.truncated === true || response.truncated === true) kind = 'truncated';
    else if (contract.hash !== undefined && entry.contract.hash !== contract.hash)
      kind = 'other-contract';
    else if (operationId === null) kind = stub ? outside : 'rejected';
    else if (!entry.contract.request.valid) kind = 'rejected';
    else if (!entry.contract.response.valid) kind = stub ? outside : 'response-outside-contract';
    if (kind !== undefined) return { kind };
    if (operationId === null) return { kind, operation: undefined };
    const operation = operations.get(operationId) ?? routedOperation(entry);
    return operation === undefined ? { kind: 'other-contract' } : { kind, operation };
  };
}
