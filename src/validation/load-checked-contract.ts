import { invalidContract, loadContract, type Contract } from '../contract/load-contract.ts';
import { checkSchemaDialects } from './check-schema-dialects.ts';
import { draftOf, prepareDialect } from './compile-schema-check.ts';

/**
 * Loads a contract, refusing (ConfigError) schemas whose checks could not compile. Checks compile
 * when an operation is first requested, so start-up grows with the document (docs/performance.md).
 * Each file read is added to `touched` (see loadContract).
 */
export async function loadCheckedContract(path: string, touched?: Set<string>): Promise<Contract> {
  return checkedContract(await loadContract(path, touched), path);
}

/** The contract checked as loadCheckedContract checks a file's; `path` names it in the error. */
export function checkedContract(contract: Contract, path: string): Promise<Contract> {
  const keys = contract.documentKeys;
  // A document that writes no `$schema` and no `$id` has no $id to clash, and every body schema
  // in the draft http-spec gives it (its `jsonSchemaDialect`, else draft-07): no operation is
  // converted to find out. A draft the mock does not know is named by the full check below.
  if (!keys.has('$schema') && !keys.has('$id') && draftOf(contract.declaredDialect) !== undefined) {
    return prepareDialect(contract.declaredDialect).then(() => contract);
  }
  let dialects: Set<unknown>;
  try {
    dialects = checkSchemaDialects(contract.operations);
  } catch (cause) {
    return Promise.reject(invalidContract(path, cause));
  }
  return Promise.all([...dialects].map(prepareDialect)).then(() => contract);
}
