import { getHeapSpaceStatistics } from 'node:v8'

/**
 * What each shape of object literal leaves in V8's old generation per object made, once young collections ran
 * (docs/decisions/081-no-getters-in-object-literals.md, 082-no-leading-spread-on-hot-paths.md). Nothing keeps
 * the objects: what stays is what V8 allocated straight in the old generation for them (accessor pairs,
 * hidden classes), and what those kept alive. Run with `pnpm bench:object-literals` (needs `--expose-gc`).
 */
const collect = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc
if (!collect) throw new Error('run with node --expose-gc (pnpm bench:object-literals)')

const OBJECTS = 100_000
const oldGeneration = () =>
  getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('new_'))
    .reduce((sum, space) => sum + space.space_used_size, 0)

/** Twelve fields, as a profile of the catalog has. */
const source = (index: number) => ({
  a: index,
  b: index,
  c: index,
  d: index,
  e: index,
  f: index,
  g: index,
  h: index,
  i: index,
  j: index,
  k: index,
  l: index,
})

const literals: Record<string, (index: number) => object> = {
  '{ ...source }': (index) => ({ ...source(index) }),
  '{ ...source, x: 1 }': (index) => ({ ...source(index), x: 1 }),
  '{ x: 1, ...source }': (index) => ({ x: 1, ...source(index) }),
  '{ ...{}, ...source, x: 1 }': (index) => ({ ...{}, ...source(index), x: 1 }),
  // The shape decision 081 took out of the server code (its lint rule covers the server's folders only).
  '{ get x() {...}, y: () => ... }': (index) => ({
    get x() {
      return index
    },
    y: () => index,
  }),
  '{ x: () => ..., y: () => ... }': (index) => ({ x: () => index, y: () => index }),
}

const rows: string[] = []
for (const [shape, make] of Object.entries(literals)) {
  let made: object | null = null
  for (let index = 0; index < 5_000; index += 1) made = make(index)
  collect()
  const before = oldGeneration()
  for (let index = 0; index < OBJECTS; index += 1) made = make(index)
  for (let round = 0; round < 3; round += 1) collect({ type: 'minor' })
  rows.push(`| \`${shape}\` | ${((oldGeneration() - before) / OBJECTS).toFixed(1)} B |`)
  if (!made) throw new Error('nothing made')
}
console.log(
  `Node ${process.version}, V8 ${process.versions.v8}: old generation per object, ${OBJECTS} objects`,
)
console.log('| Literal | Old generation per object |\n|---|---|')
console.log(rows.join('\n'))
