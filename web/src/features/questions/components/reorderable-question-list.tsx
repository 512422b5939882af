import type { Question } from '@app/contracts/questions'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { onFirstInteraction } from '../../../lib/first-interaction.ts'
import { DragHandle, QUESTION_ROW_CLASSES } from './drag-handle.tsx'

type ListProps = {
  questions: Question[]
  renderQuestion: (question: Question) => ReactNode
  onReorder: (ordered: Question[]) => void
}
type SortableList = (props: ListProps) => ReactNode

// The drag-and-drop library (about 15 kB of gzip) is no part of the Ask page's first load: it loads at the
// visitor's first move, touch, focus or key, before a drag can start (docs/decisions/065-first-pages-without-zod.md).
let loaded: SortableList | undefined
async function loadSortableList(): Promise<SortableList> {
  loaded ??= (await import('./sortable-question-list.tsx')).SortableQuestionList
  return loaded
}

function useSortableList(): SortableList | undefined {
  const [list, setList] = useState<SortableList | undefined>(() => loaded)
  useEffect(() => {
    if (list) return
    return onFirstInteraction(() => {
      // A failed load (offline) leaves the rows as they are, without reordering.
      loadSortableList().then(
        (found) => setList(() => found),
        () => undefined,
      )
    })
  }, [list])
  return list
}

const PICK_UP_KEYS = new Set([' ', 'Enter'])

/**
 * The administrator's quick questions with their drag handles. Until the drag-and-drop code is there the
 * same rows show without it; when it arrives, the button that had the focus keeps it, and a handle picked
 * up from the keyboard meanwhile is picked up then.
 */
export function ReorderableQuestionList(props: ListProps) {
  const SortableQuestionList = useSortableList()
  const wrapper = useRef<HTMLDivElement>(null)
  const focusedButton = useRef(-1)
  const pickUpWaiting = useRef(false)
  const rememberFocus = () => {
    focusedButton.current = buttonsIn(wrapper.current).findIndex(
      (button) => button === document.activeElement,
    )
  }
  // Only focus that was lost with the rows it was on comes back; focus elsewhere stays where it is.
  const restoreFocus = useCallback(() => {
    const active = document.activeElement
    if (focusedButton.current < 0 || (active && active !== document.body)) return
    const button = buttonsIn(wrapper.current)[focusedButton.current]
    button?.focus()
    if (button && pickUpWaiting.current)
      button.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }))
    pickUpWaiting.current = false
  }, [])
  return (
    <div ref={wrapper} onFocus={rememberFocus}>
      {SortableQuestionList ? (
        <>
          <SortableQuestionList {...props} />
          <AfterMount run={restoreFocus} />
        </>
      ) : (
        <QuestionRows
          {...props}
          onHandleKey={(key) => {
            if (PICK_UP_KEYS.has(key)) pickUpWaiting.current = true
          }}
        />
      )}
    </div>
  )
}

function buttonsIn(element: HTMLElement | null): HTMLButtonElement[] {
  return [...(element?.querySelectorAll('button') ?? [])]
}

// A layout effect, so that no key pressed between the swap and the next paint finds the focus lost.
function AfterMount({ run }: { run: () => void }) {
  useLayoutEffect(run, [run])
  return null
}

function QuestionRows({
  questions,
  renderQuestion,
  onHandleKey,
}: ListProps & { onHandleKey: (key: string) => void }) {
  return (
    <ul className="flex flex-col gap-2">
      {questions.map((question) => (
        <li key={question.id} className={QUESTION_ROW_CLASSES}>
          <DragHandle
            label={`Move ${question.shortForm}`}
            onKeyDown={(event) => {
              if (PICK_UP_KEYS.has(event.key)) event.preventDefault()
              onHandleKey(event.key)
            }}
          />
          {renderQuestion(question)}
        </li>
      ))}
    </ul>
  )
}
