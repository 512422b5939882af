import { AssessmentFlow } from '../../features/assessment/components/assessment-flow.tsx'
import { useSaveAssessment } from '../../features/profiles/api/save-assessment.ts'

export function AssessmentRoute() {
  const saveAssessment = useSaveAssessment()
  return <AssessmentFlow onSave={saveAssessment.mutateAsync} />
}
