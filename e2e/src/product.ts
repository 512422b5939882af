import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAllInOne } from '../../scripts/all-in-one.ts'

export type RunningProduct = {
  url: string
  /** The first administrator, created from ADMIN_EMAIL/ADMIN_PASSWORD so no generated password is printed. */
  administrator: { email: string; password: string }
  close(): Promise<void>
}

/** The whole product in this process (run mode 1) on a free port, with its data in a fresh folder. */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'e2e-product-'))
  const administrator = { email: 'support@example.test', password: randomBytes(18).toString('base64url') }
  try {
    const product = await startAllInOne({
      dataDirectory,
      port: 0,
      logLevel: 'warn',
      env: { ADMIN_EMAIL: administrator.email, ADMIN_PASSWORD: administrator.password, ...env },
    })
    return {
      url: product.url,
      administrator,
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
