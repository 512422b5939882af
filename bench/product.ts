import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@app/kit/testing/free-port'
import { startAllInOne } from '../scripts/all-in-one.ts'

export interface BenchProduct {
  url: string
  origin: string
  administrator: { email: string; password: string }
  close(): Promise<void>
}

/**
 * The whole product (run mode 1, `startAllInOne`) on a free port, API only: as `e2e/src/product.ts`, but
 * without the built SPA, so a bench does not depend on (or race) a `web/dist` build. `dataDirectory`
 * runs it on prepared data; otherwise a fresh folder is made and removed on close.
 */
export async function startBenchProduct(
  env: Record<string, string>,
  dataDirectory?: string,
): Promise<BenchProduct> {
  const directory = dataDirectory ?? (await mkdtemp(join(tmpdir(), 'bench-product-')))
  const administrator = { email: 'support@example.test', password: randomBytes(18).toString('base64url') }
  const port = await freePort()
  const product = await startAllInOne({
    dataDirectory: directory,
    port,
    logLevel: 'warn',
    webRoot: null,
    env: {
      ADMIN_EMAIL: administrator.email,
      ADMIN_PASSWORD: administrator.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  })
  return {
    url: product.url,
    origin: new URL(product.url).origin,
    administrator,
    async close() {
      await product.close()
      if (!dataDirectory) await rm(directory, { recursive: true, force: true })
    },
  }
}

/** Signs in through `POST /api/auth/login` and answers the `session=…` cookie pair. */
export async function signIn(product: BenchProduct): Promise<string> {
  const login = await fetch(new URL('/api/auth/login', product.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.origin },
    body: JSON.stringify({ username: product.administrator.email, password: product.administrator.password }),
  })
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`)
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('session='))
  if (!cookie) throw new Error('login set no session cookie')
  return cookie
}
