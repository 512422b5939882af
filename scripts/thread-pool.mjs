// Imported by start.mjs (plain Node, before tsx) and by the TypeScript launchers.
import { availableParallelism } from 'node:os'

/** libuv's own default; the pool never gets smaller than what Node gives anyway. */
const LIBUV_DEFAULT_POOL = 4

/**
 * The environment of a product process, with UV_THREADPOOL_SIZE set to one thread per core (at least 4) unless
 * the operator set it. auth hashes passwords on libuv's pool, which libuv sizes at its first use, before an
 * entry module runs: setting process.env inside the process is too late, so the launcher passes it at spawn.
 * @template {Record<string, string | undefined>} Env
 * @param {Env} env
 * @returns {Env & { UV_THREADPOOL_SIZE: string }}
 */
export function withThreadPoolSize(env) {
  const configured = env.UV_THREADPOOL_SIZE?.trim()
  const size = configured || String(Math.max(LIBUV_DEFAULT_POOL, availableParallelism()))
  return { ...env, UV_THREADPOOL_SIZE: size }
}
