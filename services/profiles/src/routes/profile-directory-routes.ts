import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { PROFILE_MAP_PEOPLE_MAX, type Profile } from '@app/contracts/profiles'
import { apiRouteOptions } from '@app/kit/api-route'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { discPositionOf, discWheelPoint } from '@app/domain/profile-scores'
import { accessibleProfiles, withAccess } from '../access.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'

/** The team map's density grid: MAP_GRID × MAP_GRID cells over the DISC circle. */
export const MAP_GRID = 24

// One collator for every comparison: localeCompare with options builds one per call (100,000 names took 14 s).
const names = new Intl.Collator('en', { sensitivity: 'base' })
const byName = (a: Profile, b: Profile) => names.compare(a.name, b.name) || a.id - b.id

/** The cursor is the last name and id of the previous page, so pages stay stable while profiles are added. */
const encodeCursor = (profile: Profile) =>
  Buffer.from(JSON.stringify([profile.name, profile.id])).toString('base64url')
function decodeCursor(cursor: string | undefined): { name: string; id: number } | null {
  if (!cursor) return null
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[]
    return typeof name === 'string' && typeof id === 'number' ? { name, id } : null
  } catch {
    return null
  }
}

/**
 * A profile's point on the DISC circle (x and y from -1 to 1), from its measured scores or, for a Prevue
 * profile, the derived reading (docs/decisions/028-prevue-shown-as-prevue.md); null when it has neither.
 */
export function mapPosition(profile: Profile): { x: number; y: number } | null {
  const position = discPositionOf(profile)
  return position ? discWheelPoint(position.scores) : null
}

/** Collaborate's pickers and team map, over the profiles the caller may see (access.ts). */
export async function profileDirectoryRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const { catalog } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(api.lookupProfiles.path, apiRouteOptions(api.lookupProfiles), async (request) => {
    const identity = userOf(request)
    const { q, cursor, limit } = request.query
    const view = await catalog.view(identity.userId)
    const access = accessibleProfiles(view, identity)
    const needle = q.toLowerCase()
    const after = decodeCursor(cursor)
    const ids = view.cached(
      `lookup-order:${access.key}:${needle}`,
      access.scope,
      (): readonly number[] =>
        access
          .profiles()
          .filter((profile) => !needle || profile.name.toLowerCase().includes(needle))
          .sort(byName)
          .map((profile) => profile.id),
      (order) => order.length * 8,
    )
    let start = 0
    if (after) {
      const afterProfile = { name: after.name, id: after.id } as Profile
      start = ids.findIndex((id) => byName(view.byId(id)!, afterProfile) > 0)
      if (start === -1) start = ids.length
    }
    const page = ids.slice(start, start + limit).map((id) => view.byId(id)!)
    const more = start + limit < ids.length
    return {
      items: page.map((profile) => withAccess(profile, access)),
      nextCursor: more && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
    }
  })

  routes.get(api.profileMap.path, apiRouteOptions(api.profileMap), async (request) => {
    const identity = userOf(request)
    const needle = request.query.q.toLowerCase()
    const view = await catalog.view(identity.userId)
    const access = accessibleProfiles(view, identity)
    const cells = new Array<number>(MAP_GRID * MAP_GRID).fill(0)
    const people: Profile[] = []
    let matching = 0
    for (const profile of access.profiles()) {
      const point = mapPosition(profile)
      if (point) {
        const column = Math.min(MAP_GRID - 1, Math.floor(((point.x + 1) / 2) * MAP_GRID))
        const row = Math.min(MAP_GRID - 1, Math.floor(((1 - point.y) / 2) * MAP_GRID))
        cells[row * MAP_GRID + column]! += 1
      }
      if (needle && !profile.name.toLowerCase().includes(needle)) continue
      matching += 1
      if (people.length < PROFILE_MAP_PEOPLE_MAX) people.push(profile)
    }
    return {
      total: access.profiles().length,
      matching,
      people: people.map((profile) => ({
        id: profile.id,
        name: profile.name,
        assessmentType: profile.assessmentType,
        primaryType: profile.primaryType,
        dScore: profile.dScore,
        iScore: profile.iScore,
        sScore: profile.sScore,
        cScore: profile.cScore,
        scoresData: profile.scoresData,
      })),
      density: { size: MAP_GRID, cells },
    }
  })
}
