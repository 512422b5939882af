import type { QuestionCategory } from '@app/contracts/questions'
import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { QUESTION_CATEGORY_LABELS } from '../../../lib/question-categories.ts'
import { useImportQuestions } from '../api/import-questions.ts'
import { checkQuestionImport } from '../question-lines.ts'

/** Pastes many quick questions into the chosen category, one 'Short Form | Detailed Question' per line. */
export function BulkImportPanel({
  category,
  used,
  onClose,
}: {
  category: QuestionCategory
  used: number
  onClose: () => void
}) {
  const headingId = useId()
  const textId = useId()
  const hintId = useId()
  const { toast } = useToast()
  const importQuestions = useImportQuestions()
  const [text, setText] = useState('')
  const label = QUESTION_CATEGORY_LABELS[category]

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const check = checkQuestionImport(text, used, label)
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' })
      return
    }
    importQuestions.mutate(
      { category, text },
      {
        onSuccess: (added) => {
          toast({
            title: 'Import successful',
            description: `Added ${added.length} question(s) to ${label} category`,
          })
          onClose()
        },
        onError: () =>
          toast({
            title: 'Import failed',
            description: 'Failed to import questions. Please try again.',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
      className="flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Bulk Import to {label}
      </h3>
      <div>
        <label htmlFor={textId} className={labelClasses}>
          Questions
        </label>
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          One question per line: Short Form | Detailed Question. {used}/10 slots used.
        </p>
        <textarea
          id={textId}
          rows={6}
          value={text}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
          placeholder={'Team strengths | What strengths does this person bring to a team?'}
          className={`mt-1.5 font-mono ${inputClasses}`}
        />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onClose} className={buttonClasses('secondary', 'sm')}>
          Cancel
        </button>
        <button type="submit" disabled={importQuestions.isPending} className={buttonClasses('primary', 'sm')}>
          Import Questions
        </button>
      </div>
    </form>
  )
}
