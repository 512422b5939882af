import type { ProcessedEventLog } from '../../src/bus/idempotency.ts'
import { createNedbStore } from '../../src/store/nedb.ts'
import { createProcessedEventLog } from '../../src/store/processed-events.ts'

/** The real processed-event log over an in-memory NeDB store, as a service would use it. */
export async function createTestProcessedLog(): Promise<ProcessedEventLog> {
  return createProcessedEventLog(await createNedbStore({ directory: null }))
}

/** Topic segments allow letters and hyphens only, so uniqueness comes from random letters. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 10 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('')
  return `${prefix}-${letters}`
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(10)
  }
}
