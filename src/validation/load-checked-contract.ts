import { invalidContract, loadContract, type Contract } from '../contract/load-contract.ts';
import { checkSchemaDialects } from './check-schema-dialects.ts';
import { prepareDialect } from './compile-schema-check.ts';

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
  let dialects: Set<unknown>;
  try {
    dialects = checkSchemaDialects(contract.operations);
  } catch (cause) {
    return Promise.reject(invalidContract(path, cause));
  }
  return Promise.all([...dialects].map(prepareDialect)).then(() => contract);
}
