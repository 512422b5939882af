import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { read, root } from './workspace.ts'

/**
 * The web app is React's production build however it is built (docs/decisions/030-phones-and-production-builds.md):
 * a developer's shell often holds NODE_ENV=development, which Vite would otherwise follow.
 */
const outputs: string[] = []
afterAll(() => {
  for (const directory of outputs) rmSync(directory, { recursive: true, force: true })
})

// The command `npm start` (scripts/start.mjs) and the web image (web/Dockerfile) build the web app with.
const BUILD_COMMAND = ['--filter', '@app/web', 'build']

function buildWeb(env: Record<string, string>): Map<string, string> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-build-'))
  outputs.push(outDir)
  const result = spawnSync(
    'npx',
    ['-y', 'pnpm@10', ...BUILD_COMMAND, '--logLevel', 'warn', '--outDir', outDir],
    {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  )
  expect(result.status, result.stderr).toBe(0)
  const assets = join(outDir, 'assets')
  return new Map(
    readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, readFileSync(join(assets, name), 'utf8')]),
  )
}

describe('the web build', () => {
  it('is the one npm start and the web image run', () => {
    expect(read('scripts/start.mjs')).toContain(`'${BUILD_COMMAND.join("', '")}'`)
    expect(read('web/Dockerfile')).toContain(`pnpm ${BUILD_COMMAND.join(' ')}`)
  })

  it.each(['development', 'test'])(
    "bundles React's production build with NODE_ENV=%s in the environment",
    (nodeEnv) => {
      const scripts = buildWeb({ NODE_ENV: nodeEnv })
      const libraries = [...scripts].find(([name]) => name.startsWith('libraries-'))
      expect(libraries, 'the libraries chunk').toBeDefined()
      const [, code] = libraries!
      // React's production build points at its error decoder; its development build names jsxDEV and
      // its owner stacks, and is about 1.75 times the size (495 KB instead of 281 KB).
      expect(code).toContain('react.dev/errors/')
      expect(code.length).toBeLessThan(400_000)
      for (const [name, script] of scripts) {
        expect(script, name).not.toContain('jsxDEV')
        expect(script, name).not.toContain('react-stack-top-frame')
      }
    },
    120_000,
  )
})
