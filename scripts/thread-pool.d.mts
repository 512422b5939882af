export function withThreadPoolSize<Env extends Record<string, string | undefined>>(
  env: Env,
): Env & { UV_THREADPOOL_SIZE: string }
export const SEMI_SPACE_MIB: number
export function withYoungGeneration<Env extends Record<string, string | undefined>>(
  env: Env,
): Env & { NODE_OPTIONS: string }
