/** A fastify logger option that keeps the catalog's rebuild lines, to count full reloads. */
export function rebuildRecorder() {
  const rebuilds: Array<{ reason: string; profiles: number }> = []
  return {
    rebuilds,
    logger: {
      level: 'info',
      stream: {
        write(line: string) {
          const entry = JSON.parse(line) as { event?: string; reason: string; profiles: number }
          if (entry.event === 'catalog_rebuilt')
            rebuilds.push({ reason: entry.reason, profiles: entry.profiles })
        },
      },
    },
  }
}
