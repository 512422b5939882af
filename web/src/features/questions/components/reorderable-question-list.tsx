import type { Question } from '@app/contracts/questions'
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { onFirstInteraction } from '../../../lib/first-interaction.ts'
import { DragHandle, QUESTION_ROW_CLASSES } from './drag-handle.tsx'

// The drag-and-drop library (about 15 kB of gzip) is no part of the Ask page's first load: it loads at the
// visitor's first move, touch, focus or key, before a drag can start (docs/decisions/065-first-pages-without-zod.md).
const SortableQuestionList = lazy(async () => ({
  default: (await import('./sortable-question-list.tsx')).SortableQuestionList,
}))

/** Becomes true at the visitor's first move, touch, focus or key anywhere on the page. */
function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false)
  useEffect(() => onFirstInteraction(() => setInteracted(true)), [])
  return interacted
}

type ListProps = {
  questions: Question[]
  renderQuestion: (question: Question) => ReactNode
  onReorder: (ordered: Question[]) => void
}

/**
 * The administrator's quick questions with their drag handles. Until the drag-and-drop code is there the
 * same rows show without it; when it arrives, the button that had the focus keeps it.
 */
export function ReorderableQuestionList(props: ListProps) {
  const interacted = useFirstInteraction()
  const wrapper = useRef<HTMLDivElement>(null)
  const focusedButton = useRef<number>(-1)
  const rememberFocus = () => {
    focusedButton.current = buttonsIn(wrapper.current).findIndex(
      (button) => button === document.activeElement,
    )
  }
  // Only focus that was lost with the rows it was on comes back; focus elsewhere stays where it is.
  const restoreFocus = useCallback(() => {
    const active = document.activeElement
    if (focusedButton.current < 0 || (active && active !== document.body)) return
    buttonsIn(wrapper.current)[focusedButton.current]?.focus()
  }, [])
  const rows = <QuestionRows {...props} />
  return (
    <div ref={wrapper} onFocus={rememberFocus}>
      {interacted ? (
        <Suspense fallback={rows}>
          <SortableQuestionList {...props} />
          <AfterMount run={restoreFocus} />
        </Suspense>
      ) : (
        rows
      )}
    </div>
  )
}

function buttonsIn(element: HTMLElement | null): HTMLButtonElement[] {
  return [...(element?.querySelectorAll('button') ?? [])]
}

function AfterMount({ run }: { run: () => void }) {
  useEffect(run, [run])
  return null
}

function QuestionRows({ questions, renderQuestion }: ListProps) {
  return (
    <ul className="flex flex-col gap-2">
      {questions.map((question) => (
        <li key={question.id} className={QUESTION_ROW_CLASSES}>
          <DragHandle label={`Move ${question.shortForm}`} />
          {renderQuestion(question)}
        </li>
      ))}
    </ul>
  )
}
