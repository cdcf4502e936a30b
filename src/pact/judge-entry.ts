import type { ContractOperation } from '../contract/contract-operation.ts';
import { whyLeftOut, type JournalEntry, type LeftOutKind } from './left-out.ts';

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
 * Judges journal entries for a pact against the contract being served: whyLeftOut, and
 * `other-contract` for an operation the contract no longer has. A record file read with a
 * contract loaded again finds its operation by method and path (a Postman collection's
 * operations get new ids at every load; see pactOperationName).
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
    const operation =
      entry.operationId === null
        ? undefined
        : (operations.get(entry.operationId) ?? routedOperation(entry));
    const kind =
      whyLeftOut(entry, { hash: contract.hash, outsideContract }) ??
      (entry.operationId !== null && operation === undefined ? 'other-contract' : undefined);
    return kind === undefined ? { kind, operation } : { kind };
  };
}
