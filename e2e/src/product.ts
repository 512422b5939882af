import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAllInOne } from '../../scripts/all-in-one.ts'

export type RunningProduct = {
  url: string
  /** The first administrator, created from ADMIN_EMAIL/ADMIN_PASSWORD so no generated password is printed. */
  administrator: { email: string; password: string }
  dataDirectory: string
  close(): Promise<void>
}

/** A port free right now on loopback, so PUBLIC_URL can name the address the browser will use. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('No loopback port was assigned')
  return address.port
}

/**
 * The whole product in this process (run mode 1) on a free port, with its data in a fresh folder.
 * PUBLIC_URL is the address the tests browse, so links in e-mails lead back to this product.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'e2e-product-'))
  const administrator = { email: 'support@example.test', password: randomBytes(18).toString('base64url') }
  try {
    const port = await freePort()
    const product = await startAllInOne({
      dataDirectory,
      port,
      logLevel: 'warn',
      env: {
        ADMIN_EMAIL: administrator.email,
        ADMIN_PASSWORD: administrator.password,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
    })
    return {
      url: product.url,
      administrator,
      dataDirectory,
      async close() {
        await product.close()
        await rm(dataDirectory, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dataDirectory, { recursive: true, force: true })
    throw error
  }
}
