import type { Question, QuestionCategory } from '@app/contracts/questions'
import {
  DETAILED_QUESTION_MAX,
  MAX_QUESTIONS_PER_CATEGORY,
  SHORT_FORM_MAX,
} from '@app/contracts/questions-values'
import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { QUESTION_CATEGORY_LABELS, QUESTION_CATEGORY_OPTIONS } from '../../../lib/question-categories.ts'
import { useCreateQuestion } from '../api/create-question.ts'
import { useUpdateQuestion } from '../api/update-question.ts'

/**
 * Adds a quick question, or edits `editing`. Blank fields and a full category (10) are refused here with
 * the spec's messages, before anything is sent.
 */
export function QuestionForm({
  editing,
  defaultCategory,
  countIn,
  onClose,
}: {
  editing: Question | null
  defaultCategory: QuestionCategory
  countIn: (category: QuestionCategory) => number
  onClose: () => void
}) {
  const headingId = useId()
  const shortFormId = useId()
  const detailedId = useId()
  const categoryId = useId()
  const { toast } = useToast()
  const createQuestion = useCreateQuestion()
  const updateQuestion = useUpdateQuestion()
  const [shortForm, setShortForm] = useState(editing?.shortForm ?? '')
  const [detailedQuestion, setDetailedQuestion] = useState(editing?.detailedQuestion ?? '')
  const [category, setCategory] = useState<QuestionCategory>(editing?.category ?? defaultCategory)
  const saving = createQuestion.isPending || updateQuestion.isPending

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const input = { shortForm: shortForm.trim(), detailedQuestion: detailedQuestion.trim(), category }
    if (input.shortForm === '' || input.detailedQuestion === '') {
      toast({
        title: 'Missing information',
        description: 'Please provide both a short form and detailed question',
        variant: 'destructive',
      })
      return
    }
    const movesIn = !editing || editing.category !== category
    if (movesIn && countIn(category) >= MAX_QUESTIONS_PER_CATEGORY) {
      toast({
        title: 'Maximum questions reached',
        description: `You cannot add more than ${MAX_QUESTIONS_PER_CATEGORY} questions to the ${QUESTION_CATEGORY_LABELS[category]} category.`,
        variant: 'destructive',
      })
      return
    }
    const done = {
      onSuccess: () => {
        toast(
          editing
            ? { title: 'Question updated', description: `"${input.shortForm}" has been saved.` }
            : {
                title: 'Question added',
                description: `"${input.shortForm}" was added to the ${QUESTION_CATEGORY_LABELS[category]} category.`,
              },
        )
        onClose()
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to save question. Please try again.',
          variant: 'destructive',
        }),
    }
    if (editing) updateQuestion.mutate({ id: editing.id, ...input }, done)
    else createQuestion.mutate(input, done)
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {editing ? 'Edit Question' : 'Add Question'}
      </h3>
      <div>
        <label htmlFor={shortFormId} className={labelClasses}>
          Short Form
        </label>
        <input
          id={shortFormId}
          value={shortForm}
          maxLength={SHORT_FORM_MAX}
          onChange={(event) => setShortForm(event.target.value)}
          className={`mt-1.5 ${inputClasses}`}
        />
      </div>
      <div>
        <label htmlFor={detailedId} className={labelClasses}>
          Detailed Question
        </label>
        <textarea
          id={detailedId}
          rows={3}
          value={detailedQuestion}
          maxLength={DETAILED_QUESTION_MAX}
          onChange={(event) => setDetailedQuestion(event.target.value)}
          className={`mt-1.5 ${inputClasses}`}
        />
      </div>
      <div>
        <label htmlFor={categoryId} className={labelClasses}>
          Category
        </label>
        <select
          id={categoryId}
          value={category}
          onChange={(event) => setCategory(event.target.value as QuestionCategory)}
          className={`mt-1.5 ${inputClasses}`}
        >
          {QUESTION_CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onClose} className={buttonClasses('secondary', 'sm')}>
          Cancel
        </button>
        <button type="submit" disabled={saving} className={buttonClasses('primary', 'sm')}>
          {editing ? 'Save Changes' : 'Save Question'}
        </button>
      </div>
    </form>
  )
}
