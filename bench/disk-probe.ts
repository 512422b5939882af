import { open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The disk under the product, probed while the load runs: 25 ms after each probe, 512 bytes appended to a file
 * beside the product's data folders and fdatasync'ed, as a save's group commit does (decision 011) and as the
 * cluster's Redis does for every write (decision 008). A window whose slowest probe took hundreds of ms is one in
 * which saves waited for the disk, whatever the product did. Returns the function that stops the probe.
 */
export async function probeDisk(record: (ms: number) => void): Promise<() => Promise<void>> {
  const file = join(tmpdir(), `bench-soak-disk-probe-${process.pid}`)
  const handle = await open(file, 'a')
  const line = Buffer.alloc(512, 0x61)
  let running = true
  const probing = (async () => {
    while (running) {
      const started = performance.now()
      await handle.write(line)
      await handle.datasync()
      record(performance.now() - started)
      await new Promise((done) => setTimeout(done, 25))
    }
  })()
  return async () => {
    running = false
    await probing
    await handle.close()
    await rm(file, { force: true })
  }
}
