import { packageTestConfig } from '../vitest.shared.ts'

// The browser suites share one built web app and start whole products, so files run one at a time.
export default packageTestConfig(import.meta.dirname, {
  globalSetup: ['./src/global-setup.ts'],
  fileParallelism: false,
})
