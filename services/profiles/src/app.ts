import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import { deletedUserKey } from '@app/contracts/account-deletion'
import {
  ACCESS_REVOKED,
  INVITATIONS_ACCEPTED,
  USERS_CREATED,
  USERS_DELETED,
  USERS_UPDATED,
} from '@app/contracts/events'
import { revokedGrantKey } from '@app/contracts/sharing'
import { catalogChangeLogOf } from './catalog-changes.ts'
import { migrateToNumericUserIds } from './migrations/numeric-user-ids.ts'
import { migrateUnmeasuredDiscScores } from './migrations/unmeasured-disc-scores.ts'
import { createProfileCatalog } from './profile-catalog.ts'
import { createDeletionsProjection, DELETIONS_GROUP } from './projections/deletions.ts'
import { createGrantsProjection, GRANTS_GROUP } from './projections/grants.ts'
import { createPeopleProjection, PEOPLE_GROUP } from './projections/people.ts'
import { accountExportRoutes } from './routes/internal/account-export-routes.ts'
import { createAssessmentsRepository } from './repositories/assessments-repository.ts'
import { createGrantsRepository } from './repositories/grants-repository.ts'
import { createPeopleRepository } from './repositories/people-repository.ts'
import { createTeamsRepository } from './repositories/teams-repository.ts'
import { assessmentRoutes } from './routes/assessment-routes.ts'
import { assessmentImportRoutes } from './routes/internal/assessment-import-routes.ts'
import { internalProfileRoutes } from './routes/internal/profile-routes.ts'
import { profileDirectoryRoutes } from './routes/profile-directory-routes.ts'
import { profileRoutes } from './routes/profile-routes.ts'
import { reportRoutes } from './routes/report-routes.ts'
import { teamReportRoutes } from './routes/team-report-routes.ts'
import { teamRoutes } from './routes/team-routes.ts'

export async function buildApp(dependencies: ServiceDependencies) {
  const app = createServiceApp('profiles', dependencies)
  // Stored data is brought to the current shape before anything reads it; then repositories and the
  // catalog, then the projections that feed them, then the routes that read them.
  const migrated = await migrateToNumericUserIds(dependencies.store)
  if (Object.values({ ...migrated.converted, ...migrated.unconvertible }).some((count) => count > 0))
    app.log.info({ event: 'user_ids_migrated', ...migrated }, 'stored user ids converted to numbers')
  const cleared = await migrateUnmeasuredDiscScores(dependencies.store)
  if (cleared > 0)
    app.log.info(
      { event: 'unmeasured_disc_scores_cleared', assessments: cleared },
      'Prevue profiles keep no DISC scores',
    )
  const people = await createPeopleRepository(dependencies.store)
  const assessments = await createAssessmentsRepository(dependencies.store)
  const grants = await createGrantsRepository(dependencies.store)
  const teams = await createTeamsRepository(dependencies.store)
  const { kv } = dependencies
  const catalog = createProfileCatalog({
    assessments,
    people,
    grants,
    revokedAmong: async (held) => {
      // One batched read however many grants the caller holds (the adapter splits very long lists): each
      // grant's revocation mark, and the deletion mark of each owner (docs/decisions/061-account-deletion.md).
      const owners = [...new Set(held.map((grant) => grant.ownerId))]
      const marks = await kv.getMany([
        ...held.map((grant) => revokedGrantKey(grant.invitationId)),
        ...owners.map((ownerId) => deletedUserKey(ownerId)),
      ])
      const deletedOwners = new Set(owners.filter((_, index) => marks[held.length + index] !== null))
      return new Set(
        held
          .filter((grant, index) => marks[index] !== null || deletedOwners.has(grant.ownerId))
          .map((grant) => grant.invitationId),
      )
    },
    changes: catalogChangeLogOf(dependencies.kv),
    log: app.log,
  })
  // Loaded before the service listens: loaded by the first request instead, a restart under load queued every
  // call behind it for seconds. A store it cannot read yet leaves the load to the first request, as before.
  await catalog
    .view()
    .catch((error: unknown) =>
      app.log.warn({ err: error }, 'profile catalog not loaded at start; the first request will load it'),
    )
  const projection = createPeopleProjection({ people, assessments, catalog, kv })
  await app.subscribe(USERS_CREATED, PEOPLE_GROUP, projection.userCreated)
  await app.subscribe(USERS_UPDATED, PEOPLE_GROUP, projection.userUpdated)
  const grantsProjection = createGrantsProjection({ grants, catalog, kv })
  await app.subscribe(INVITATIONS_ACCEPTED, GRANTS_GROUP, grantsProjection.invitationAccepted)
  await app.subscribe(ACCESS_REVOKED, GRANTS_GROUP, grantsProjection.accessRevoked)
  const deletions = createDeletionsProjection({
    people,
    assessments,
    grants,
    teams,
    catalog,
    compact: () => dependencies.store.compact(),
  })
  await app.subscribe(USERS_DELETED, DELETIONS_GROUP, deletions.userDeleted)
  await app.register(assessmentRoutes, { assessments, people, catalog, kv: dependencies.kv })
  await app.register(profileRoutes, { catalog })
  await app.register(profileDirectoryRoutes, { catalog })
  await app.register(reportRoutes, { catalog })
  await app.register(teamReportRoutes, { catalog })
  await app.register(teamRoutes, { catalog, teams })
  await app.register(internalProfileRoutes, { catalog })
  await app.register(assessmentImportRoutes, { assessments, catalog, people })
  await app.register(accountExportRoutes, { assessments })
  return app
}
