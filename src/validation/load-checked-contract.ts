import { invalidContract, loadContract, type Contract } from '../contract/load-contract.ts';
import { checkSchemaDialects } from './check-schema-dialects.ts';
import { prepareDialect } from './compile-schema-check.ts';

/**
 * Loads a contract and refuses, as a bad --spec (a ConfigError), schemas whose checks could not
 * compile. The checks compile when an operation is first requested (see fastPathOf; the ajv of
 * each dialect in use, with its meta-schema, is made now), and an error body's sample is mended
 * when first answered (see errorSample): start-up grows with the document, not with the checks
 * (docs/performance.md). Each file read is added to `touched` (see loadContract).
 *
 * @example
 * const contract = await loadCheckedContract('openapi.yaml');
 */
export async function loadCheckedContract(path: string, touched?: Set<string>): Promise<Contract> {
  return checkedContract(await loadContract(path, touched), path);
}

/**
 * The contract checked as loadCheckedContract checks a file's; `path` names it in the error.
 *
 * @example
 * const contract = await checkedContract(await contractOfDocument('my-api', document), 'my-api');
 */
export function checkedContract(contract: Contract, path: string): Promise<Contract> {
  let dialects: Set<unknown>;
  try {
    dialects = checkSchemaDialects(contract.operations);
  } catch (cause) {
    return Promise.reject(invalidContract(path, cause));
  }
  for (const dialect of dialects) prepareDialect(dialect);
  return Promise.resolve(contract);
}
