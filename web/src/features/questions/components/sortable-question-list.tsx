import type { Question } from '@app/contracts/questions'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { ReactNode } from 'react'
import { DragHandle, QUESTION_ROW_CLASSES } from './drag-handle.tsx'

const INSTRUCTIONS =
  'To reorder a question, press Space or Enter on its handle, move it with the Up and Down arrow keys, then press Space or Enter to drop it, or Escape to cancel.'

/**
 * The administrator's quick questions, reordered by dragging a handle with the mouse, or from the
 * keyboard (Space, arrows, Space). `onReorder` receives the new order when a question is dropped.
 */
export function SortableQuestionList({
  questions,
  renderQuestion,
  onReorder,
}: {
  questions: Question[]
  renderQuestion: (question: Question) => ReactNode
  onReorder: (ordered: Question[]) => void
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const nameOf = (id: UniqueIdentifier) =>
    questions.find((question) => question.id === id)?.shortForm ?? 'the question'
  const positionOf = (id: UniqueIdentifier) => questions.findIndex((question) => question.id === id) + 1
  const count = questions.length
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${count}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${count}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const from = questions.findIndex((question) => question.id === active.id)
    const to = questions.findIndex((question) => question.id === over.id)
    if (from === -1 || to === -1) return
    onReorder(arrayMove(questions, from, to))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext
        items={questions.map((question) => question.id)}
        strategy={verticalListSortingStrategy}
      >
        <ul className="flex flex-col gap-2">
          {questions.map((question) => (
            <SortableQuestion key={question.id} question={question}>
              {renderQuestion(question)}
            </SortableQuestion>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}

function SortableQuestion({ question, children }: { question: Question; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: question.id })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${QUESTION_ROW_CLASSES} ${isDragging ? 'relative z-10 opacity-90 shadow-lg' : ''}`}
    >
      <DragHandle
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        label={`Move ${question.shortForm}`}
      />
      {children}
    </li>
  )
}
