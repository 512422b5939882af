import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultPortOf, healthPath, nodeComponents, packageFolder, read, root } from './workspace.ts'

interface Instruction {
  keyword: string
  argument: string
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

const dockerfiles = [
  ...nodeComponents.map((name) => ({ name, path: `${packageFolder(name)}/Dockerfile` })),
  { name: 'web', path: 'web/Dockerfile' },
]
const expectedPorts: Record<string, number> = { gateway: 8080, web: 8080 }

describe.each(dockerfiles)('the $name image ($path)', ({ name, path }) => {
  const instructions = existsSync(join(root, path)) ? instructionsOf(read(path)) : []
  const runtime = finalStage(instructions)

  it('is built in stages, so that the build toolchain stays out of the image', () => {
    expect(
      instructions.filter((instruction) => instruction.keyword === 'FROM').length,
    ).toBeGreaterThanOrEqual(2)
  })

  it('runs as a non-root user in its final stage', () => {
    const users = runtime
      .filter((instruction) => instruction.keyword === 'USER')
      .map((instruction) => instruction.argument)
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

  it('exposes the port the process listens on', () => {
    const exposed = runtime
      .filter((instruction) => instruction.keyword === 'EXPOSE')
      .map((instruction) => Number(instruction.argument))
    const expected = expectedPorts[name]
    if (expected) expect(exposed).toEqual([expected])
    else expect(exposed).toHaveLength(1)
  })
})

describe.each(nodeComponents)('the %s image', (name) => {
  const instructions = instructionsOf(read(`${packageFolder(name)}/Dockerfile`))
  const runtime = finalStage(instructions)

  it('installs from the lockfile and copies out only this package with its production dependencies', () => {
    const run = instructions
      .filter((instruction) => instruction.keyword === 'RUN')
      .map((instruction) => instruction.argument)
      .join('\n')
    expect(run).toContain('--frozen-lockfile')
    expect(run).toMatch(/pnpm deploy .*--prod/)
    expect(run).toContain(`--filter @app/${name} /out`)
    const copies = runtime
      .filter((instruction) => instruction.keyword === 'COPY')
      .map((instruction) => instruction.argument)
    expect(
      copies
        .filter((copy) => copy.startsWith('--from='))
        .every((copy) => copy.startsWith('--from=build /out ')),
    ).toBe(true)
  })

  it('sets and exposes the port its configuration defaults to', async () => {
    const port = await defaultPortOf(name)
    expect(
      runtime
        .filter((instruction) => instruction.keyword === 'EXPOSE')
        .map((instruction) => Number(instruction.argument)),
    ).toEqual([port])
    expect(
      runtime
        .filter((instruction) => instruction.keyword === 'ENV')
        .map((instruction) => instruction.argument)
        .join(' '),
    ).toContain(`PORT=${port}`)
  })

  it('starts the TypeScript entry point through tsx in production mode', () => {
    const command = runtime.filter((instruction) => instruction.keyword === 'CMD').at(-1)
    expect(JSON.parse(command!.argument)).toEqual(['node', '--import', 'tsx', 'src/server.ts'])
    const environment = runtime
      .filter((instruction) => instruction.keyword === 'ENV')
      .map((instruction) => instruction.argument)
      .join(' ')
    expect(environment).toContain('NODE_ENV=production')
    expect(environment).toContain('HOST=0.0.0.0')
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
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  function healthCommandOf(name: string): string[] {
    const check = finalStage(instructionsOf(read(`${packageFolder(name)}/Dockerfile`))).find(
      (instruction) => instruction.keyword === 'HEALTHCHECK',
    )
    const json = check!.argument.slice(check!.argument.indexOf('CMD') + 3).trim()
    return JSON.parse(json) as string[]
  }

  function runHealthCheck(command: string[]): Promise<number | null> {
    const [executable, ...args] = command
    const child = spawn(executable === 'node' ? process.execPath : executable!, args, {
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      stdio: 'ignore',
    })
    return new Promise((done) => child.on('exit', (code) => done(code)))
  }

  it.each(nodeComponents)(
    'of %s passes on a healthy answer at its health path and fails otherwise',
    async (name) => {
      const command = healthCommandOf(name)
      status = 200
      expect(await runHealthCheck(command)).toBe(0)
      expect(seenPath).toBe(healthPath(name))
      status = 503
      expect(await runHealthCheck(command)).toBe(1)
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
