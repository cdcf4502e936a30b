import { invalidContract, loadContract, type Contract } from '../contract/load-contract.ts';
import { fastPathOf } from './compile-fast-path.ts';
import { prepareErrorSamples } from './error-samples.ts';

/**
 * Loads a contract and compiles the checks of every operation now (at start and on reload), not
 * on a first request; schemas that cannot be compiled make it a bad --spec (a ConfigError). The
 * error bodies whose sample breaks their schema are mended now too (see errorSample).
 *
 * @example
 * const contract = await loadCheckedContract('openapi.yaml');
 */
export async function loadCheckedContract(path: string): Promise<Contract> {
  return checkedContract(await loadContract(path), path);
}

/**
 * The contract with its checks compiled and its error bodies mended now, as loadCheckedContract
 * gives a file's; `path` names it in the error.
 *
 * @example
 * const contract = await checkedContract(await contractOfDocument('my-api', document), 'my-api');
 */
export async function checkedContract(contract: Contract, path: string): Promise<Contract> {
  try {
    for (const operation of contract.operations) fastPathOf(operation);
  } catch (cause) {
    throw invalidContract(path, cause);
  }
  await prepareErrorSamples(contract.operations);
  return contract;
}
