/** One window of a soak's hold (bench/soak.ts), as it is judged and printed. */
export interface Window {
  second: number
  latencies: number[]
  completed: number
  p50: number
  p99: number
  /** The p99 of the window's saves alone (NaN without any). */
  saveP99: number
  /** The event loop's longest delay in the window, in the product's processes (`--loop-delay`; else NaN). */
  loopMax: number
  /** The longest a quick file-system call waited for libuv's pool and the loop (`--loop-delay`; else NaN). */
  poolMax: number
  errors: Record<string, number>
  /** The slowest probe of the disk in the window (ms): a save waits for an fsync on that disk. */
  diskMax: number
  /** The machine's busiest second in the window, as a share of all its cores (cpu-probe.ts; NaN without /proc). */
  cpuMax: number
  /** The most the hypervisor took from the machine in one second of the window, as a share of its cores. */
  stealMax: number
}

/** The columns of the per-window table: each heading with how a window fills it. */
const COLUMNS: Array<[string, (window: Window) => string]> = [
  ['window end s', (window) => String(window.second)],
  ['req/s', (window) => window.completed.toFixed(0)],
  ['p50 ms', (window) => window.p50.toFixed(2)],
  ['p99 ms', (window) => window.p99.toFixed(2)],
  ['save p99 ms', (window) => window.saveP99.toFixed(2)],
  ['loop max ms', (window) => window.loopMax.toFixed(0)],
  ['pool ms', (window) => window.poolMax.toFixed(0)],
  ['disk ms', (window) => window.diskMax.toFixed(1)],
  ['cpu %', (window) => (window.cpuMax * 100).toFixed(0)],
  ['steal %', (window) => (window.stealMax * 100).toFixed(1)],
  [
    'errors',
    (window) =>
      Object.entries(window.errors)
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ') || '0',
  ],
]

/** The hold's table, one line per window. */
export function printWindows(windows: readonly Window[]): void {
  const line = (cells: string[]) => cells.map((cell) => cell.padStart(12)).join(' ')
  console.log(line(COLUMNS.map(([heading]) => heading)))
  for (const window of windows) console.log(line(COLUMNS.map(([, cell]) => cell(window))))
}
