import type { Identity } from '@app/kit/identity'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import { buildApp } from '@app/profiles/app'
import { createAssessmentsRepository } from '@app/profiles/assessments-repository'
import { liveHeap, option } from './support.ts'

/**
 * What each stored profile costs the profiles service in memory, in the embedded mode (decision 016): the live
 * heap per profile and the time of a full garbage collection, first with the profiles in the embedded store
 * (NeDB holds every document), then with the profile catalog loaded as well (decision 007; with MongoDB the
 * service holds only the catalog). A major collection's work grows with what it marks, so this is the cost
 * that lengthens the event-loop stalls of a long soak as profiles accumulate (bench/README.md, "Soak").
 *
 * The profiles are saved DISC score entries, as the soak saves them, through the service's own repository.
 * `node --expose-gc --import tsx profile-memory.ts [--profiles 120000]` (`pnpm bench:profile-memory`).
 */
const PROFILES = Number(option('--profiles') ?? 120_000)
const OWNERS = 1_500
const measure = () => liveHeap('profile-memory')

const dependencies = await createEmbeddedDependencies('profiles')
const assessments = await createAssessmentsRepository(dependencies.store)
const owner = (userId: number): Identity => ({
  userId,
  role: 'standard',
  username: `owner${userId}@example.test`,
  mustChangePassword: false,
})
/** A profiles service on the store; its catalog loads every stored profile on this first request. */
async function serviceWithCatalog() {
  const app = await buildApp(dependencies)
  const listed = await app.inject({
    method: 'GET',
    url: '/api/accessible-profiles',
    headers: identityHeaders('profiles', owner(1)),
  })
  if (listed.statusCode !== 200) throw new Error(`accessible-profiles answered ${listed.statusCode}`)
  return { app, own: (listed.json() as unknown[]).length }
}
const bare = measure()
// What a service costs with nothing stored, taken off the catalog's share below.
const first = await serviceWithCatalog()
const empty = measure()

const pending: Array<Promise<unknown>> = []
for (let index = 0; index < PROFILES; index += 1) {
  const d = (index * 37) % 101
  pending.push(
    assessments.create({
      userId: 1 + (index % OWNERS),
      name: `Soak Person ${index % 1000}`,
      assessmentType: 'disc',
      dScore: d,
      iScore: 100 - d,
      sScore: 50,
      cScore: 25,
      primaryType: d >= 50 ? 'D' : 'I',
      scoresData: null,
      answers: ['D', 'I', 'S', 'C'],
      timestamp: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    }),
  )
  if (pending.length === 1_000) await Promise.all(pending.splice(0))
}
await Promise.all(pending)
const stored = measure()

// A second service on the same store, as after a restart: its catalog loads every profile saved meanwhile.
const second = await serviceWithCatalog()
const catalogued = measure()
const catalogBytes = catalogued.heap - stored.heap - (empty.heap - bare.heap)

const perProfile = (bytes: number) => (bytes / PROFILES).toFixed(0)
console.log(`Profile memory: ${PROFILES} DISC profiles of ${OWNERS} owners; Node ${process.version}`)
console.log(`owner 1 lists ${second.own} profiles (none before they were saved: ${first.own})`)
console.log(`| held | live heap | per profile | full GC |`)
console.log(`| --- | --- | --- | --- |`)
const row = (label: string, at: { heap: number; gcMs: number }, from: { heap: number }) =>
  console.log(
    `| ${label} | ${(at.heap / 2 ** 20).toFixed(0)} MiB | ${perProfile(at.heap - from.heap)} B | ${at.gcMs.toFixed(0)} ms |`,
  )
row('nothing stored', empty, empty)
row('embedded store', stored, empty)
row('store and catalog (and a second service)', catalogued, empty)
console.log(`catalog alone: ${perProfile(catalogBytes)} B per profile`)
await first.app.close()
await second.app.close()
await dependencies.close()
