#!/usr/bin/env node
// `npm test`: every package's suites (unit, integration, contract, browser), then one summary line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const results = join(root, '.test-results')
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

const run = spawnSync(
  'npx',
  ['-y', 'pnpm@10', '-r', '--if-present', '--no-bail', '--workspace-concurrency=1', 'test'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)

let passed = 0
let failed = 0
let skipped = 0
const suites = existsSync(results) ? readdirSync(results).filter((file) => file.endsWith('.json')) : []
for (const file of suites) {
  const report = JSON.parse(readFileSync(join(results, file), 'utf8'))
  passed += report.numPassedTests ?? 0
  // A suite file that failed to load counts as a failure even though no test ran.
  failed +=
    (report.numFailedTests ?? 0) +
    (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0)
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
}
if (run.status !== 0 && failed === 0) failed = 1
process.stdout.write(
  `\n${suites.length} test reports read.\n${passed} passed, ${failed} failed, ${skipped} skipped\n`,
)
process.exit(failed > 0 || run.status !== 0 ? 1 : 0)
