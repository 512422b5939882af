import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'

/** The invitation link a product e-mailed to `email`, read from its sharing service's outbox. */
export async function linkSentTo(dataDirectory: string, email: string): Promise<string> {
  const outbox = join(dataDirectory, 'sharing', 'outbox.txt')
  const read = () => (existsSync(outbox) ? readFileSync(outbox, 'utf8') : '')
  const link = () =>
    read()
      .split('\n---\n')
      .filter((entry) => entry.includes(`To: ${email}\n`))
      .map((entry) => /http:\/\/\S+\/invite\/[\w-]{43}/.exec(entry)?.[0])
      .find(Boolean)
  await expect.poll(link, { timeout: 10_000 }).toBeTruthy()
  return link()!
}
