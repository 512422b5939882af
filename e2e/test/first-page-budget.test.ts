import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { useProduct } from '../src/fixture.ts'

/** bench/history/2026-11-21-to-27.md, "Lighthouse": /login loads at most 100 kB of gzip JavaScript (decision 009). */
const LOGIN_SCRIPT_BUDGET_BYTES = 100_000
const dist = resolve(import.meta.dirname, '../../web/dist')

const fixture = useProduct()

async function gzipBytes(pathname: string): Promise<number> {
  const file = join(dist, pathname)
  return existsSync(`${file}.gz`)
    ? (await stat(`${file}.gz`)).size
    : gzipSync(await readFile(file), { level: 9 }).length
}

describe('the first page', () => {
  it('loads at most 100 kB of gzip JavaScript on /login, compressed', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    const scripts: Array<{ pathname: string; encoding: string | undefined }> = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({
          pathname: new URL(response.url()).pathname,
          encoding: response.headers()['content-encoding'],
        })
    })
    await page.goto(`${fixture.product.url}/login`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    expect(scripts.length).toBeGreaterThan(0)
    // Files under 1 KiB are not worth a compressed copy (web/build/precompress.ts).
    for (const script of scripts) {
      if ((await stat(join(dist, script.pathname))).size >= 1024)
        expect(['br', 'gzip'], script.pathname).toContain(script.encoding)
    }
    const sizes = await Promise.all(
      scripts.map(async (script) => [script.pathname, await gzipBytes(script.pathname)] as const),
    )
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0)
    // The message lists what was loaded, so a budget passed names its candidates.
    expect(total, sizes.map(([path, bytes]) => `${path} ${bytes}`).join('\n')).toBeLessThanOrEqual(
      LOGIN_SCRIPT_BUDGET_BYTES,
    )
    await page.close()
    await session.close()
  })
})
