import type { Question, QuestionCategory } from '@app/contracts/questions'
import { MAX_QUESTIONS_PER_CATEGORY } from '@app/contracts/questions-values'
import { useId, useMemo, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { useToast } from '../../../components/ui/toast.tsx'
import { QUESTION_CATEGORY_LABELS } from '../../../lib/question-categories.ts'
import { useQuestions } from '../api/get-questions.ts'
import { useReorderQuestions } from '../api/reorder-questions.ts'
import { BulkImportPanel } from './bulk-import-panel.tsx'
import { QuestionForm } from './question-form.tsx'
import { ReorderableQuestionList } from './reorderable-question-list.tsx'

type Panel = { kind: 'closed' } | { kind: 'form'; editing: Question | null } | { kind: 'import' }

/**
 * The 'Quick Questions' of one category. Everyone sees the buttons, which ask the detailed question; the
 * administrator also adds, edits, bulk-imports and reorders them.
 */
export function QuickQuestions({
  category,
  highlightedId,
  disabled,
  onPick,
  canManage,
}: {
  category: QuestionCategory
  highlightedId: number | null
  disabled: boolean
  onPick: (question: Question) => void
  canManage: boolean
}) {
  const headingId = useId()
  const { toast } = useToast()
  const questions = useQuestions()
  const reorder = useReorderQuestions()
  const [panel, setPanel] = useState<Panel>({ kind: 'closed' })

  const inCategory = useMemo(
    () =>
      (questions.data ?? [])
        .filter((question) => question.category === category)
        .sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id),
    [questions.data, category],
  )
  const countIn = (wanted: QuestionCategory) =>
    (questions.data ?? []).filter((question) => question.category === wanted).length

  function saveOrder(ordered: Question[]) {
    reorder.mutate(
      { updates: ordered.map((question, index) => ({ id: question.id, displayOrder: index })) },
      {
        onSuccess: () =>
          toast({
            title: 'Questions reordered',
            description: `The ${QUESTION_CATEGORY_LABELS[category]} questions are in their new order.`,
          }),
        onError: () =>
          toast({
            title: 'Reorder failed',
            description: 'Failed to reorder questions. Please try again.',
            variant: 'destructive',
          }),
      },
    )
  }

  const questionButton = (question: Question) => {
    const highlighted = question.id === highlightedId
    return (
      <button
        type="button"
        disabled={disabled}
        aria-current={highlighted ? 'true' : undefined}
        title={question.detailedQuestion}
        onClick={() => onPick(question)}
        className={`min-w-0 flex-1 rounded-lg px-3 py-2 text-left text-sm ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 ${
          highlighted
            ? 'bg-indigo-600 text-white ring-indigo-600'
            : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
        }`}
      >
        {question.shortForm}
      </button>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-800">
          Quick Questions
        </h3>
        {canManage && (
          <div className="flex gap-2">
            <button
              type="button"
              aria-expanded={panel.kind === 'form' && panel.editing === null}
              onClick={() =>
                setPanel(
                  panel.kind === 'form' && !panel.editing
                    ? { kind: 'closed' }
                    : { kind: 'form', editing: null },
                )
              }
              className={buttonClasses('secondary', 'sm')}
            >
              Add Question
            </button>
            <button
              type="button"
              aria-expanded={panel.kind === 'import'}
              onClick={() => setPanel(panel.kind === 'import' ? { kind: 'closed' } : { kind: 'import' })}
              className={buttonClasses('secondary', 'sm')}
            >
              Bulk Import
            </button>
          </div>
        )}
      </div>

      {canManage && panel.kind === 'form' && (
        <QuestionForm
          key={panel.editing?.id ?? 'new'}
          editing={panel.editing}
          defaultCategory={category}
          countIn={countIn}
          onClose={() => setPanel({ kind: 'closed' })}
        />
      )}
      {canManage && panel.kind === 'import' && (
        <BulkImportPanel
          category={category}
          used={inCategory.length}
          onClose={() => setPanel({ kind: 'closed' })}
        />
      )}

      {questions.isPending ? (
        <p className="text-sm text-slate-600">Loading quick questions...</p>
      ) : questions.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The quick questions could not be loaded.
        </p>
      ) : inCategory.length === 0 ? (
        <p className="text-sm text-slate-600">No quick questions in this category yet.</p>
      ) : canManage ? (
        <>
          <p className="text-xs text-slate-600">
            {inCategory.length}/{MAX_QUESTIONS_PER_CATEGORY} questions. Drag a handle, or focus it and press
            Space, to reorder.
          </p>
          {/* Only the administrator reorders, so the drag-and-drop library loads for them alone. */}
          <ReorderableQuestionList
            questions={inCategory}
            onReorder={saveOrder}
            renderQuestion={(question) => (
              <>
                {questionButton(question)}
                <button
                  type="button"
                  onClick={() => setPanel({ kind: 'form', editing: question })}
                  aria-label={`Edit ${question.shortForm}`}
                  className={buttonClasses('ghost', 'sm')}
                >
                  Edit
                </button>
              </>
            )}
          />
        </>
      ) : (
        <ul className="flex flex-col gap-2">
          {inCategory.map((question) => (
            <li key={question.id} className="flex">
              {questionButton(question)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
