#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build the web app, run the product.
// `--cluster` runs one process per service plus the gateway instead (run mode 2).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withThreadPoolSize, withYoungGeneration } from './thread-pool.mjs'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const cluster = process.argv.includes('--cluster')

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.status !== 0) {
    process.stderr.write(`\n${command} ${args.join(' ')} failed (exit ${result.status}).\n`)
    process.exit(result.status ?? 1)
  }
}

function newestChange(directory) {
  let newest = 0
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const path = join(directory, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs)
  }
  return newest
}

if (!existsSync(join(root, 'node_modules/.modules.yaml'))) {
  process.stdout.write('Installing dependencies (pnpm through npx)...\n')
  run('npx', ['-y', 'pnpm@10', 'install', '--frozen-lockfile'])
}

const builtIndex = join(root, 'web/dist/index.html')
const sources = Math.max(
  newestChange(join(root, 'web')),
  newestChange(join(root, 'packages/domain/src')),
  newestChange(join(root, 'packages/contracts/src')),
)
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sources) {
  process.stdout.write('Building the web app...\n')
  run('npx', ['-y', 'pnpm@10', '--filter', '@app/web', 'build'])
}

const entry = cluster ? 'scripts/cluster.ts' : 'scripts/all-in-one.ts'
const child = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: root,
  stdio: 'inherit',
  // The all-in-one process hashes passwords itself; the cluster runner passes the size on to its children.
  env: withYoungGeneration(withThreadPoolSize({ NODE_ENV: 'production', ...process.env })),
})
// The child receives Ctrl-C from the terminal itself; forward other stop signals and wait for it.
process.on('SIGINT', () => undefined)
process.on('SIGTERM', () => child.kill('SIGTERM'))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
