import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const webDirectory = join(root, 'web')
const builtIndex = join(webDirectory, 'dist', 'index.html')

// Everything that ends up in web/dist: the app, its config, and the shared rules it bundles.
const buildInputs = [
  join(webDirectory, 'src'),
  join(webDirectory, 'public'),
  join(webDirectory, 'index.html'),
  join(webDirectory, 'vite.config.ts'),
  join(webDirectory, 'package.json'),
  join(root, 'packages', 'domain', 'src'),
  join(root, 'packages', 'contracts', 'src'),
]

function newestModification(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  )
}

/** Builds the web app before the browser tests when web/dist is missing or older than its sources. */
export default function buildWebIfStale(): void {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
  const sourcesChangedAt = Math.max(...buildInputs.map(newestModification))
  if (builtAt >= sourcesChangedAt) return
  console.info('e2e: building web/dist (missing or older than its sources)')
  execFileSync(join(webDirectory, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: webDirectory,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
