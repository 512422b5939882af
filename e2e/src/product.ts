import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@app/kit/testing/free-port'
import { startAllInOne } from '../../scripts/all-in-one.ts'

export type RunningProduct = {
  url: string
  /** The first administrator, created from ADMIN_EMAIL/ADMIN_PASSWORD so no generated password is printed. */
  administrator: { email: string; password: string }
  dataDirectory: string
  close(): Promise<void>
}

/**
 * The whole product in this process (run mode 1) on a free port, with its data in a fresh folder.
 * PUBLIC_URL is the address the tests browse, so links in e-mails lead back to this product.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'e2e-product-'))
  const administrator = { email: 'support@example.test', password: randomBytes(18).toString('base64url') }
  try {
    // Chosen before start-up, so that PUBLIC_URL can name the address the browser will use. Another test
    // file's server may take the port in between (tests run in parallel): then start again on another.
    const start = async (attemptsLeft: number): Promise<Awaited<ReturnType<typeof startAllInOne>>> => {
      const port = await freePort()
      try {
        return await startAllInOne({
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
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attemptsLeft === 0) throw error
        return start(attemptsLeft - 1)
      }
    }
    const product = await start(3)
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
