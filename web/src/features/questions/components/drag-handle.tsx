import type { ComponentProps } from 'react'

/** The handle a quick question is dragged by, with the mouse or from the keyboard (Space, arrows, Space). */
export function DragHandle({ label, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      {...props}
      aria-label={label}
      className="flex w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 active:cursor-grabbing"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
      </svg>
    </button>
  )
}

/** A question's row: its handle, then what the list renders for it. */
export const QUESTION_ROW_CLASSES = 'flex items-stretch gap-1.5'
