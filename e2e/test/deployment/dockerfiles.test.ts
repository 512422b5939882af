import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEMI_SPACE_MIB } from '../../../scripts/thread-pool.mjs'
import {
  buildArgumentsOf,
  defaultPortOf,
  healthPath,
  nodeComponents,
  packageFolder,
  read,
  root,
} from './workspace.ts'

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return (server.address() as AddressInfo).port
}

interface Instruction {
  keyword: string
  argument: string
}

/** The CPUs a process here may use: the cgroup v2 quota where one is set, else every core it may run on. */
function containerCpus(cores = availableParallelism()): number {
  const limit = existsSync('/sys/fs/cgroup/cpu.max') ? readFileSync('/sys/fs/cgroup/cpu.max', 'utf8') : 'max'
  const [quota, period] = limit.trim().split(/\s+/)
  return quota === 'max' ? cores : Math.min(cores, Math.ceil(Number(quota) / Number(period)))
}

/** Dockerfile instructions with continuation lines joined and comments dropped. */
function instructionsOf(text: string): Instruction[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), argument: rest.join(' ') }
    })
}

function finalStage(instructions: Instruction[]): Instruction[] {
  const lastFrom = instructions.map((instruction) => instruction.keyword).lastIndexOf('FROM')
  return instructions.slice(lastFrom)
}

// The builder substitutes these itself; in RUN the shell does, from the same values.
const substituted = new Set(['ARG', 'ENV', 'EXPOSE', 'COPY', 'WORKDIR', 'USER', 'RUN'])

/**
 * The instructions as the builder sees them with these build arguments: each stage's `ARG`s take the
 * argument or their default, and `$NAME` / `${NAME}` is replaced where Docker (or RUN's shell) would.
 */
function withArguments(instructions: Instruction[], buildArguments: Record<string, string>): Instruction[] {
  let scope: Record<string, string> = {}
  return instructions.map(({ keyword, argument }) => {
    if (keyword === 'FROM') scope = {}
    const resolved = substituted.has(keyword)
      ? argument.replace(/\$\{(\w+)\}|\$(\w+)/g, (match, braced?: string, bare?: string) => {
          const name = (braced ?? bare)!
          return name in scope ? scope[name]! : match
        })
      : argument
    if (keyword === 'ARG') {
      const [name = '', fallback] = resolved.split('=', 2)
      const value = buildArguments[name] ?? fallback
      if (value !== undefined) scope[name] = value
      else scope[name] = ''
    }
    if (keyword === 'ENV') Object.assign(scope, environmentOf([{ keyword, argument: resolved }]))
    return { keyword, argument: resolved }
  })
}

/** The `ENV` settings of some instructions, later ones winning. */
function environmentOf(instructions: Instruction[]): Record<string, string> {
  return Object.fromEntries(
    instructions
      .filter((instruction) => instruction.keyword === 'ENV')
      .flatMap((instruction) =>
        [...instruction.argument.matchAll(/([A-Z_]\w*)=(\S*)/gi)].map((match) => [match[1]!, match[2]!]),
      ),
  )
}

const argumentsOf = (instructions: Instruction[], keyword: string) =>
  instructions
    .filter((instruction) => instruction.keyword === keyword)
    .map((instruction) => instruction.argument)

// The gateway and every service are built from the root Dockerfile; the web app is nginx with its own.
const dockerfiles = [
  { name: 'node processes', path: 'Dockerfile' },
  { name: 'web', path: 'web/Dockerfile' },
]

describe.each(dockerfiles)('the image of the $name ($path)', ({ path }) => {
  const instructions = existsSync(join(root, path)) ? instructionsOf(read(path)) : []
  const runtime = finalStage(instructions)

  it('is built in stages, so that the build toolchain stays out of the image', () => {
    expect(
      instructions.filter((instruction) => instruction.keyword === 'FROM').length,
    ).toBeGreaterThanOrEqual(2)
  })

  it('runs as a non-root user in its final stage', () => {
    const users = argumentsOf(runtime, 'USER')
    expect(users.length).toBeGreaterThan(0)
    const user = users.at(-1)!.split(':')[0]!
    expect(['root', '0']).not.toContain(user)
  })

  it('declares a health check in its final stage', () => {
    expect(
      runtime.some(
        (instruction) => instruction.keyword === 'HEALTHCHECK' && /\bCMD\b/.test(instruction.argument),
      ),
    ).toBe(true)
  })

  it('bakes no secret into the image', () => {
    const settings = instructions.filter(
      (instruction) => instruction.keyword === 'ENV' || instruction.keyword === 'ARG',
    )
    const names = settings.flatMap((instruction) =>
      [...instruction.argument.matchAll(/([A-Z_]\w*)=/gi)].map((match) => match[1]!),
    )
    const bare = settings.map((instruction) => instruction.argument.split(/[\s=]/)[0]!)
    for (const variable of [...names, ...bare]) expect(variable).not.toMatch(/SECRET|PASSWORD|KEY|TOKEN/i)
  })
})

describe('the web image', () => {
  it('exposes the port nginx listens on', () => {
    expect(argumentsOf(finalStage(instructionsOf(read('web/Dockerfile'))), 'EXPOSE').map(Number)).toEqual([
      8080,
    ])
  })
})

describe('the node processes', () => {
  const text = read('Dockerfile')
  const guards = argumentsOf(instructionsOf(text), 'RUN').filter((command) => command.startsWith('test '))

  it('share one Dockerfile: no package keeps its own', () => {
    expect(
      nodeComponents.filter((name) => existsSync(join(root, packageFolder(name), 'Dockerfile'))),
    ).toEqual([])
  })

  // Each guard runs as RUN would, in the repository root that the build stage copies.
  const runGuards = (variables: Record<string, string>) =>
    guards.map(
      (command) =>
        spawnSync('sh', ['-c', command], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', ...variables },
          encoding: 'utf8',
        }).status,
    )

  it('refuse to build without a package folder and a port, and name the arguments', () => {
    expect(guards.length).toBeGreaterThan(0)
    expect(runGuards({}).every((status) => status !== 0)).toBe(true)
    expect(
      runGuards({ SERVICE_DIR: 'services/nonexistent', PORT: '4001' }).some((status) => status !== 0),
    ).toBe(true)
    expect(text).toMatch(/--build-arg SERVICE_DIR=/)
  })

  it.each(nodeComponents)('accept the build arguments of %s', (name) => {
    const buildArguments = buildArgumentsOf(name)
    expect(runGuards(buildArguments)).toEqual(guards.map(() => 0))
  })
})

describe.each(nodeComponents)('the %s image', (name) => {
  const buildArguments = buildArgumentsOf(name)
  const instructions = withArguments(instructionsOf(read('Dockerfile')), buildArguments)
  const runtime = finalStage(instructions)
  const folder = packageFolder(name)

  it('is chosen by its package folder', () => {
    expect(buildArguments.SERVICE_DIR).toBe(folder)
    expect(JSON.parse(read(`${folder}/package.json`))).toHaveProperty('name', `@app/${name}`)
  })

  it('installs from the lockfile and copies out only this package with its production dependencies', () => {
    const run = argumentsOf(instructions, 'RUN').join('\n')
    expect(run).toContain('--frozen-lockfile')
    expect(run).toMatch(/pnpm deploy .*--prod/)
    expect(run).toContain(`--filter "./${folder}" /out`)
    const copies = argumentsOf(runtime, 'COPY')
    expect(
      copies
        .filter((copy) => copy.startsWith('--from='))
        .every((copy) => copy.startsWith('--from=build /out ')),
    ).toBe(true)
  })

  it('compiles the process into one bundle with a source map, built by the script the repository runs', () => {
    const run = argumentsOf(instructions, 'RUN').join('\n')
    expect(run).toContain(`node --import tsx scripts/build-bundles.ts "${folder}"`)
    expect(run).toContain(`cp -r "./${folder}/dist" /out/dist`)
    expect(argumentsOf(runtime, 'WORKDIR').at(-1)).toBe(`/app/${folder}`)
    expect(JSON.parse(read('package.json'))).toHaveProperty(
      'devDependencies.esbuild',
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
    )
  })

  it('sets and exposes the port its configuration defaults to', async () => {
    const port = await defaultPortOf(name)
    expect(argumentsOf(runtime, 'EXPOSE').map(Number)).toEqual([port])
    expect(environmentOf(runtime).PORT).toBe(String(port))
  })

  it('starts the compiled bundle, with source maps for stack traces, in production mode', () => {
    const [shell, flag, script] = JSON.parse(argumentsOf(runtime, 'CMD').at(-1)!) as string[]
    expect([shell, flag]).toEqual(['/bin/sh', '-c'])
    // The young generation every product process gets (scripts/thread-pool.mjs, decision 068).
    expect(
      script?.endsWith(
        `; exec node --max-semi-space-size=${SEMI_SPACE_MIB} --enable-source-maps dist/server.mjs`,
      ),
    ).toBe(true)
    expect(environmentOf(runtime)).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' })
  })

  it("sizes libuv's thread pool to the container's CPUs, at least 4, unless the operator set it", () => {
    const script = (JSON.parse(argumentsOf(runtime, 'CMD').at(-1)!) as string[])[2]!
    // The image's command, run in a folder whose dist/server.mjs reports the size its process started with.
    const folder = mkdtempSync(join(tmpdir(), 'image-command-'))
    try {
      mkdirSync(join(folder, 'dist'))
      writeFileSync(join(folder, 'dist/server.mjs'), 'process.stdout.write(process.env.UV_THREADPOOL_SIZE)')
      const started = (env: Record<string, string>) =>
        spawnSync('/bin/sh', ['-c', script], {
          cwd: folder,
          env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...env },
          encoding: 'utf8',
        }).stdout
      expect(started({})).toBe(String(Math.max(4, containerCpus())))
      // GNU nproc honours OMP_NUM_THREADS: this is how the command sees a machine of 6 cores.
      expect(started({ OMP_NUM_THREADS: '6' })).toBe(String(Math.max(4, containerCpus(6))))
      expect(started({ UV_THREADPOOL_SIZE: '3' })).toBe('3')
      expect(started({ UV_THREADPOOL_SIZE: '64' })).toBe('64')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('the health check command of the node images', () => {
  let status = 200
  let seenPath = ''
  let server: Server
  let port = 0

  beforeAll(async () => {
    server = createServer((request, response) => {
      seenPath = request.url ?? ''
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}')
    })
    port = await listen(server)
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  /** The image's health check command and the environment it runs in, with PORT pointed at the test server. */
  function healthCheckOf(name: string) {
    const runtime = finalStage(withArguments(instructionsOf(read('Dockerfile')), buildArgumentsOf(name)))
    const check = runtime.find((instruction) => instruction.keyword === 'HEALTHCHECK')
    const json = check!.argument.slice(check!.argument.indexOf('CMD') + 3).trim()
    return {
      command: JSON.parse(json) as string[],
      environment: { ...environmentOf(runtime), PORT: String(port) },
    }
  }

  function runHealthCheck({
    command,
    environment,
  }: ReturnType<typeof healthCheckOf>): Promise<number | null> {
    const [executable, ...args] = command
    const child = spawn(executable === 'node' ? process.execPath : executable!, args, {
      env: { ...environment, PATH: process.env.PATH ?? '' },
      stdio: 'ignore',
    })
    return new Promise((done) => child.on('exit', (code) => done(code)))
  }

  it.each(nodeComponents)(
    'of %s passes on a healthy answer at its health path and fails otherwise',
    async (name) => {
      const check = healthCheckOf(name)
      status = 200
      expect(await runHealthCheck(check)).toBe(0)
      expect(seenPath).toBe(healthPath(name))
      status = 503
      expect(await runHealthCheck(check)).toBe(1)
    },
  )
})

describe('the Docker build context', () => {
  const ignored = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())

  it('leaves out local state and secrets', () => {
    for (const pattern of ['**/node_modules', '.git', '.env', '.env.*', '**/data'])
      expect(ignored).toContain(pattern)
  })
})
