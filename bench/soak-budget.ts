/**
 * How bench/soak.ts judges a window (issue 31 item 6, decision 072), shared with the 60 s soak of
 * e2e/test/soak.test.ts so that both judge alike.
 */

/** The most a 10 s window's p99 may reach, over every call and over the saves alone. */
export const WINDOW_P99_BUDGET_MS = 250

/**
 * What the product may add to a stall of the disk itself. A save answers only once its write is synced
 * (decision 011), so while one fdatasync of the disk probe (disk-probe.ts) takes longer than the budget, no
 * product could answer that window's saves within it.
 */
export const DISK_STALL_SLACK_MS = 50

/** A window's limit, given the slowest fdatasync the disk probe saw in it (decision 072). */
export const windowLimitMs = (diskMaxMs: number) =>
  Math.max(WINDOW_P99_BUDGET_MS, diskMaxMs + DISK_STALL_SLACK_MS)

/**
 * A window's verdict: within the budget; over it but within the disk's own stall plus the slack (named apart,
 * not hidden); or over its limit. A window without any answer (a NaN p99) is over; one without saves is judged
 * on every call alone.
 */
export function windowVerdict(window: {
  p99: number
  saveP99: number | null
  diskMax: number
}): 'within' | 'disk' | 'over' {
  const saves = window.saveP99 ?? NaN
  const worst = Number.isNaN(saves) ? window.p99 : Math.max(window.p99, saves)
  if (!(worst <= windowLimitMs(window.diskMax))) return 'over'
  return worst > WINDOW_P99_BUDGET_MS ? 'disk' : 'within'
}
