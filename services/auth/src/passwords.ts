import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { generatedPassword } from '@app/domain/passwords'

/** OWASP's argon2id parameters (m=19456 KiB, t=2, p=1); @node-rs/argon2 defaults to argon2id. */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Hashes run on the libuv pool, which the file system shares. An import batch of 100 passwords queued at
 * once would hold up the store's writes until most were done, so only a few go to the pool at a time:
 * one more than there are cores, so that a core never waits for the main thread (busy with a batch's
 * writes) to hand the next hash over, while one pool thread stays free for the file system.
 */
let hashesRunning = 0
const waitingToHash: Array<() => void> = []

/** How many hashes go to the pool at once (see above); all of a pool no larger than the cores. */
export function hashesAtOnce({ pool, cores }: { pool: number; cores: number }): number {
  return pool > cores ? Math.min(pool - 1, cores + 1) : Math.max(1, pool)
}

export async function hashPassword(password: string): Promise<string> {
  if (hashesRunning >= hashesAtOnce(hashingThreads()))
    await new Promise<void>((resolve) => waitingToHash.push(resolve))
  else hashesRunning += 1
  try {
    return await hash(password, PASSWORD_HASH_OPTIONS)
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waitingToHash.shift()
    if (next) next()
    else hashesRunning -= 1
  }
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Whether a stored hash was made with weaker parameters than today's, so it is redone at the next login. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash)
  if (!match) return true
  const [memory, time, parallelism] = match.slice(1).map(Number) as [number, number, number]
  return (
    memory < PASSWORD_HASH_OPTIONS.memoryCost ||
    time < PASSWORD_HASH_OPTIONS.timeCost ||
    parallelism < PASSWORD_HASH_OPTIONS.parallelism
  )
}

/**
 * The spec's derived password of an account (the generated format, lower case as the single import makes it
 * or capitalised as the bulk import does), only while it still opens the account: decision 033.
 * Shown on the owner's profile card and, for guests, in user management; null once it was changed.
 */
export async function derivedPasswordStillInUse(user: {
  firstName: string
  lastName: string
  passwordHash: string
}): Promise<string | null> {
  if (!user.firstName.trim() || !user.lastName.trim()) return null
  const candidates = new Set(
    (['lower', 'capitalised'] as const).map((style) =>
      generatedPassword(user.firstName, user.lastName, style),
    ),
  )
  for (const candidate of candidates) if (await verifyPassword(user.passwordHash, candidate)) return candidate
  return null
}

/** libuv's default pool size, used when UV_THREADPOOL_SIZE is unset or not a number. */
const LIBUV_DEFAULT_POOL = 4

/**
 * How many hashes run at once: @node-rs/argon2 hashes on the libuv pool, whose size is fixed from
 * UV_THREADPOOL_SIZE when the process starts (before any module runs, so only the launcher can raise it).
 */
export function hashingThreads(): { pool: number; cores: number } {
  const configured = Number.parseInt(process.env.UV_THREADPOOL_SIZE ?? '', 10)
  const pool = Number.isFinite(configured) && configured > 0 ? Math.min(configured, 1024) : LIBUV_DEFAULT_POOL
  return { pool, cores: availableParallelism() }
}
