import type { InternalAssessmentImportRequest } from '@app/contracts/imports'
import type { StoredRow } from './repositories/import-jobs-repository.ts'

type AssessmentResult = Pick<
  InternalAssessmentImportRequest['assessments'][number],
  'assessmentType' | 'dScore' | 'iScore' | 'sScore' | 'cScore' | 'primaryType' | 'scoresData'
>

/**
 * What a row's assessment holds: a Prevue row its 20 dimensions and no DISC scores, which it never
 * measured (docs/decisions/028-prevue-shown-as-prevue.md); a DISC row its four scores. Rows stored before
 * that rule by a job still pending may carry zero DISC scores beside their Prevue ones: those are dropped.
 */
export function assessmentResultOf(
  row: Pick<StoredRow, 'disc' | 'primaryType' | 'prevue'>,
): AssessmentResult {
  if (row.prevue)
    return {
      assessmentType: 'prevue',
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
      scoresData: row.prevue,
    }
  if (!row.disc || !row.primaryType) throw new Error('An import row without scores cannot be saved')
  return {
    assessmentType: 'disc',
    dScore: row.disc.D,
    iScore: row.disc.I,
    sScore: row.disc.S,
    cScore: row.disc.C,
    primaryType: row.primaryType,
    scoresData: null,
  }
}
