import type { CatalogChange } from './catalog-changes.ts'
import type { ProfileCatalog } from './profile-catalog.ts'
import type {
  AssessmentsRepository,
  NewAssessment,
  StoredProfile,
} from './repositories/assessments-repository.ts'

/**
 * The one way assessments are saved, one from the page or a batch from an import: stored first, then
 * announced to every replica's catalog, so lists and search show them on the next request. A batch is
 * stored concurrently (its writes share the store's fsyncs) and announced as one change.
 */
export async function saveAssessments(
  options: { assessments: AssessmentsRepository; catalog: ProfileCatalog },
  batch: NewAssessment[],
  /** An import's people (docs/decisions/047-imported-names-in-the-batch.md), announced in the same change. */
  owners: OwnerName[] = [],
): Promise<Array<PromiseSettledResult<StoredProfile>>> {
  const outcomes = await Promise.allSettled(batch.map((assessment) => options.assessments.create(assessment)))
  const saved = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  if (saved.length === 1 && owners.length === 0)
    await options.catalog.record({ kind: 'profile-saved', ...saved[0]! })
  else if (saved.length > 0 || owners.length > 0)
    await options.catalog.record({
      kind: 'profiles-saved',
      profiles: saved,
      ...(owners.length > 0 ? { owners } : {}),
    })
  return outcomes
}

export type OwnerName = NonNullable<Extract<CatalogChange, { kind: 'profiles-saved' }>['owners']>[number]

/** Saves one assessment through the same path, failing as its insert failed. */
export async function saveAssessment(
  options: { assessments: AssessmentsRepository; catalog: ProfileCatalog },
  assessment: NewAssessment,
): Promise<StoredProfile> {
  const [outcome] = await saveAssessments(options, [assessment])
  if (outcome!.status === 'rejected') throw outcome!.reason
  return outcome!.value
}
