import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAllInOne } from '../../scripts/all-in-one.ts'

export type RunningProduct = { url: string; close(): Promise<void> }

/** The whole product in this process (run mode 1) on a free port, with its data in a fresh folder. */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'e2e-product-'))
  try {
    const product = await startAllInOne({ dataDirectory, port: 0, logLevel: 'warn', env })
    return {
      url: product.url,
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
