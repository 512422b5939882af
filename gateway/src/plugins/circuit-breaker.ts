/**
 * One circuit breaker per upstream service. After `failureThreshold` failures in a row (refused, reset or
 * timed-out connections) it opens: requests get 503 at once instead of waiting on a dead service. After
 * `openMs` it half-opens and lets one request through as a probe; its success closes the breaker, its
 * failure opens it again. A probe whose outcome never comes (its client went away before the answer: neither
 * hook runs) is given up after another `openMs`, and the next request probes: otherwise one abandoned probe
 * answered 503 to every later request for good, as in the soaks of bench/README.md.
 */
export type BreakerState = 'closed' | 'open' | 'half-open'

export interface CircuitBreakerOptions {
  failureThreshold?: number
  openMs?: number
  now?: () => number
}

export interface CircuitBreaker {
  /** Whether a request may go upstream now; in half-open, only the one probe may. */
  allow(): boolean
  success(): void
  failure(): void
  state(): BreakerState
  /** Seconds until the next probe, for `Retry-After`. */
  retryAfterSeconds(): number
}

export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const failureThreshold = options.failureThreshold ?? 5
  const openMs = options.openMs ?? 5000
  const now = options.now ?? Date.now
  let failures = 0
  let openedAt: number | null = null
  /** When the probe under way was let through, or null. */
  let probingSince: number | null = null

  const state = (): BreakerState => {
    if (openedAt === null) return 'closed'
    return now() - openedAt >= openMs ? 'half-open' : 'open'
  }

  return {
    state,
    allow() {
      const current = state()
      if (current === 'closed') return true
      if (current === 'open') return false
      if (probingSince !== null && now() - probingSince < openMs) return false
      probingSince = now()
      return true
    },
    success() {
      failures = 0
      openedAt = null
      probingSince = null
    },
    failure() {
      failures += 1
      if (probingSince !== null || failures >= failureThreshold) openedAt = now()
      probingSince = null
    },
    retryAfterSeconds() {
      if (openedAt === null) return 1
      return Math.max(1, Math.ceil((openedAt + openMs - now()) / 1000))
    },
  }
}
