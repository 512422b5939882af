import { PRODUCT_NAME } from '../../config/product.ts'
import { useSaveAssessment } from '../../features/profiles/api/save-assessment.ts'
import { ScoreEntryForm } from '../../features/scores/components/score-entry-form.tsx'

export function ScoresRoute() {
  const saveAssessment = useSaveAssessment()
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Enter Your DISC Scores · ${PRODUCT_NAME}`}</title>
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Score Entry</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        Enter Your DISC Scores
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Already have DISC results from another assessment? Set each score from 0 to 100. We interpret them,
        save them to your profile and show you personalized advice.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <ScoreEntryForm onSave={saveAssessment.mutateAsync} />
      </div>
    </div>
  )
}
