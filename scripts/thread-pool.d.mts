export function withThreadPoolSize<Env extends Record<string, string | undefined>>(
  env: Env,
): Env & { UV_THREADPOOL_SIZE: string }
