import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type ViteUserConfig } from 'vitest/config'

const root = dirname(fileURLToPath(import.meta.url))

/**
 * One test configuration for every package: results go to `.test-results/<package>.json` so that
 * `npm test` can print one `N passed, N failed` line summing every suite, and a console error fails a test.
 */
export function packageTestConfig(packageDirectory: string, overrides: ViteUserConfig['test'] = {}) {
  const name = packageDirectory.slice(root.length + 1).replaceAll('/', '-') || basename(packageDirectory)
  return defineConfig({
    test: {
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      setupFiles: [join(root, 'scripts/vitest-setup.ts')],
      reporters: ['default', ['json', { outputFile: join(root, '.test-results', `${name}.json`) }]],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      ...overrides,
    },
  })
}
