import { readFile } from 'node:fs/promises'

/** The machine's CPU time so far, in ticks, from the first line of /proc/stat; null where there is none. */
async function machineTicks(): Promise<{ busy: number; steal: number; total: number } | null> {
  const text = await readFile('/proc/stat', 'utf8').catch(() => null)
  const fields = text?.split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
  if (!fields || fields.length < 8 || fields.some((value) => !Number.isFinite(value))) return null
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  return {
    busy: user + nice + system + irq + softirq,
    steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  }
}

/**
 * The machine's CPU while the load runs: every second, the share of all cores' time that was busy (the product,
 * the load and everything else on the machine) and the share the hypervisor took for other machines (steal).
 * A window whose requests waited with the product's loop never held long is one in which the machine was short
 * of CPU, and this says whether it was our own work or a neighbour's. Returns the function that stops it.
 */
export async function probeCpu(record: (busyShare: number, stealShare: number) => void): Promise<() => void> {
  let last = await machineTicks()
  const timer = setInterval(() => {
    void machineTicks().then((now) => {
      if (last && now && now.total > last.total) {
        const elapsed = now.total - last.total
        record((now.busy - last.busy) / elapsed, (now.steal - last.steal) / elapsed)
      }
      last = now
    })
  }, 1_000)
  return () => clearInterval(timer)
}
