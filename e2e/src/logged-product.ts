import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

export interface LoggedProduct {
  url: string
  /** Everything the product has written to standard output and error so far. */
  output(): string
}

/**
 * Runs the all-in-one product as its own process, as `npm start` does, with everything it logs captured,
 * hands it to `use`, then stops it with Ctrl-C and waits for it to exit.
 */
export async function withLoggedProduct<T>(
  env: Record<string, string>,
  use: (product: LoggedProduct) => Promise<T>,
): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/all-in-one.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk.toString()))
  child.stderr.on('data', (chunk) => (output += chunk.toString()))
  try {
    const deadline = Date.now() + 30_000
    while (!/Ready: http:\/\/localhost:\d+/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`not ready: ${output.slice(-2000)}`)
      await new Promise((resolveWait) => setTimeout(resolveWait, 50))
    }
    const url = /Ready: (http:\/\/)localhost(:\d+)/.exec(output)!.slice(1).join('127.0.0.1')
    return await use({ url, output: () => output })
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGINT')
      await new Promise((resolveExit) => child.once('exit', resolveExit))
    }
  }
}
