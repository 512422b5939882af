// `npm run chart:render -- [--release NAME] [--namespace NS] [-f values.yaml] [--set a.b=c] [CHART]` prints the
// manifests of a chart (charts/app by default) as `helm template` would, through the Go renderer in
// charts/tools/render. The renderer is built on first use into node_modules/.cache/chart-render, and again
// whenever its sources or the Go toolchain change.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(import.meta.dirname, '..')
export const defaultChart = join(root, 'charts/app')
const sources = join(root, 'charts/tools/render')
const cache = join(root, 'node_modules/.cache/chart-render')

// GOPATH mode with the Debian packages (golang-github-masterminds-sprig-dev, golang-gopkg-yaml.v3-dev).
const goEnvironment = {
  ...process.env,
  GOPATH: '/usr/share/gocode',
  GO111MODULE: 'off',
  GOFLAGS: '',
  GOCACHE: join(cache, 'go-build'),
}

/** Why the renderer cannot be built here, or null when Go is installed. */
export function goMissing(): string | null {
  const result = spawnSync('go', ['version'], { encoding: 'utf8' })
  if (result.error || result.status !== 0)
    return 'the Go toolchain is not installed (apt-get install golang-go)'
  return null
}

/** The path of the renderer binary, built when missing or out of date. Throws with Go's output on failure. */
export function buildRenderer(): string {
  const version = spawnSync('go', ['version'], { encoding: 'utf8' }).stdout
  const hash = createHash('sha256').update(version)
  for (const file of readdirSync(sources).sort())
    if (file.endsWith('.go')) hash.update(file).update(readFileSync(join(sources, file)))
  const binary = join(cache, `render-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(binary)) return binary
  mkdirSync(cache, { recursive: true })
  // Built under a temporary name and renamed, so that concurrent test workers never run half a binary.
  const partial = `${binary}.${process.pid}.tmp`
  const build = spawnSync('go', ['build', '-o', partial, '.'], {
    cwd: sources,
    env: goEnvironment,
    encoding: 'utf8',
  })
  if (build.error || build.status !== 0)
    throw new Error(`Building charts/tools/render failed:\n${build.stderr || build.error?.message}`)
  renameSync(partial, binary)
  return binary
}

export interface RenderResult {
  status: number
  stdout: string
  stderr: string
}

/** Renders a chart with `helm template`-like arguments; the chart directory defaults to charts/app. */
export function renderChart(args: readonly string[]): RenderResult {
  const hasChart = args.some(
    (arg, index) => !arg.startsWith('-') && !isFlagValue(args, index) && existsSync(resolve(arg)),
  )
  const result = spawnSync(buildRenderer(), [...args, ...(hasChart ? [] : [defaultChart])], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.error) throw result.error
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr }
}

function isFlagValue(args: readonly string[], index: number): boolean {
  const previous = args[index - 1]
  return (
    previous !== undefined && previous.startsWith('-') && !previous.includes('=') && previous !== '--notes'
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = goMissing()
  if (missing) {
    console.error(`chart:render needs Go: ${missing}`)
    process.exit(1)
  }
  const result = renderChart(process.argv.slice(2))
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  process.exit(result.status)
}
