import { readdirSync, readFileSync } from 'node:fs'

/**
 * The fields of a /proc stat file after the command name, which is in parentheses and may hold any character:
 * index 0 is field 3 (the state) of proc(5). Null where there is no /proc or the process has ended.
 */
export function statFields(file: string): string[] | null {
  try {
    const stat = readFileSync(file, 'utf8')
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
  } catch {
    return null
  }
}

/** Time the kernel has given a process so far (user + system, in clock ticks; fields 14 and 15); null without /proc. */
export function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null
  const fields = statFields(`/proc/${pid}/stat`)
  return fields === null ? null : Number(fields[11]) + Number(fields[12])
}

/** The nice value (field 19) of each thread of a process, by thread id; the event loop's id is the process's. */
export function threadNiceValues(pid: number): Map<number, number> {
  return new Map(
    readdirSync(`/proc/${pid}/task`).map((thread) => [
      Number(thread),
      Number(statFields(`/proc/${pid}/task/${thread}/stat`)?.[16]),
    ]),
  )
}

/** A variable of the environment a process started with, as the kernel holds it; undefined where it was not set. */
export function startingEnvironmentVariable(pid: number, name: string): string | undefined {
  const prefix = `${name}=`
  const entry = readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .find((candidate) => candidate.startsWith(prefix))
  return entry?.slice(prefix.length)
}
