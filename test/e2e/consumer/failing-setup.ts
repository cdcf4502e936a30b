// A global setup whose contract cannot load: the run must fail with the reason, not hang.
import { setupMockServer } from 'plant-store-mock/vitest/global-setup';

export default setupMockServer({ spec: './missing-contract.yaml' });
