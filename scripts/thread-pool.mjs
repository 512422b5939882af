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

/**
 * V8's young generation per semi-space, in MiB, for every product process (docs/decisions/068-young-generation.md).
 * With Node's default (16), a busy process promoted requests still in flight to the old generation, whose
 * major collections then held the loop for up to 130 ms once it kept a few hundred MB.
 */
export const SEMI_SPACE_MIB = 64

/**
 * The environment of a product process with `--max-semi-space-size` in NODE_OPTIONS, unless the operator set one.
 * @template {Record<string, string | undefined>} Env
 * @param {Env} env
 * @returns {Env & { NODE_OPTIONS: string }}
 */
export function withYoungGeneration(env) {
  const options = env.NODE_OPTIONS?.trim() ?? ''
  if (options.includes('--max-semi-space-size')) return { ...env, NODE_OPTIONS: options }
  const flag = `--max-semi-space-size=${SEMI_SPACE_MIB}`
  return { ...env, NODE_OPTIONS: options ? `${options} ${flag}` : flag }
}
