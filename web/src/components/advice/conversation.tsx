import { useEffect, useRef } from 'react'
import { buttonClasses } from '../ui/button-styles.ts'
import { useToast } from '../ui/toast.tsx'
import type { Exchange } from '../../lib/use-advice-stream.ts'
import { AnswerText } from './answer-text.tsx'

/**
 * The conversation area (at most 400 px high, docs/requirements.md section 9): the latest question and its answer as it
 * streams, 'Generating response...' until the first words arrive, then the follow-up suggestions and a
 * 'Copy answer' button. Before anything is asked it shows `placeholder`.
 */
export function Conversation({
  exchange,
  placeholder,
  onFollowUp,
}: {
  exchange: Exchange | null
  placeholder: string
  onFollowUp: (question: string) => void
}) {
  const { toast } = useToast()
  const streaming = exchange?.status === 'streaming'
  const area = useRef<HTMLElement>(null)
  const following = useRef(true)
  const answer = exchange?.answer ?? ''

  // While an answer grows, keep its newest words in view, unless the reader has scrolled up to read.
  useEffect(() => {
    const element = area.current
    if (answer === '') following.current = true
    if (element && streaming && following.current) element.scrollTop = element.scrollHeight
  }, [answer, streaming])

  async function copyAnswer(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Answer copied', description: 'The answer is on your clipboard.' })
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Your browser did not allow copying.',
        variant: 'destructive',
      })
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {/* Focusable so a keyboard user can scroll a long answer; busy while words arrive. */}
      <section
        aria-label="Conversation"
        aria-busy={streaming}
        tabIndex={0}
        ref={area}
        onScroll={(event) => {
          const element = event.currentTarget
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24
        }}
        className="max-h-[400px] min-h-40 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {exchange === null ? (
          <p className="flex min-h-32 items-center justify-center text-center text-sm text-slate-600">
            {placeholder}
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2.5 text-sm whitespace-pre-wrap text-white">
              <span className="sr-only">You asked: </span>
              {exchange.question}
            </div>
            <div
              data-testid="assistant-answer"
              className="mr-auto max-w-[95%] rounded-2xl rounded-bl-sm bg-white px-4 py-3 text-sm leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200"
            >
              <span className="sr-only">Assistant: </span>
              {exchange.answer === '' && streaming ? (
                <span className="flex items-center gap-2 text-slate-600">
                  <span
                    aria-hidden="true"
                    className="size-3 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600"
                  />
                  Generating response...
                </span>
              ) : exchange.answer === '' ? (
                <span className="text-slate-600">No answer was received.</span>
              ) : (
                <AnswerText text={exchange.answer} streaming={streaming} />
              )}
            </div>
          </div>
        )}
      </section>
      {/* Announces the finished answer once, rather than every word as it streams in. */}
      <p role="status" className="sr-only">
        {exchange?.status === 'done' ? 'The answer is ready.' : ''}
      </p>
      {exchange?.status === 'done' && (
        <div className="flex flex-col gap-3">
          <div>
            <button
              type="button"
              onClick={() => void copyAnswer(exchange.answer)}
              className={buttonClasses('secondary', 'sm')}
            >
              Copy answer
            </button>
          </div>
          {exchange.followUps.length > 0 && (
            <section aria-label="Follow-up questions">
              <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                Follow-up questions
              </h3>
              <ul className="mt-2 flex flex-col gap-2">
                {exchange.followUps.slice(0, 3).map((followUp) => (
                  <li key={followUp}>
                    <button
                      type="button"
                      onClick={() => onFollowUp(followUp)}
                      className="w-full rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-left text-sm text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                    >
                      {followUp}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  )
}
