import type { ResponseLength } from '@app/contracts/advice'
import { QUESTION_MAX_LENGTH } from '@app/contracts/advice-values'
import type { AccessibleProfile } from '@app/contracts/profiles'
import type { QuestionCategory } from '@app/contracts/questions'
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { adviceFailureToast } from '../../../components/advice/advice-failure.ts'
import { Conversation } from '../../../components/advice/conversation.tsx'
import { ResponseLengthToggle } from '../../../components/advice/response-length-toggle.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { QUESTION_CATEGORY_OPTIONS } from '../../../lib/question-categories.ts'
import { useDiscAnalysisStream } from '../api/stream-disc-analysis.ts'

export const NO_PROFILE_PLACEHOLDER = 'Search for a profile to start a conversation'
export const NOTHING_ASKED_PLACEHOLDER = 'Select a question above or type your own question to get started'

/** What the quick-question list needs from the assistant: its category, and a way to ask. */
export type QuickQuestionSlot = {
  category: QuestionCategory
  highlightedId: number | null
  disabled: boolean
  onPick: (question: { id: number; detailedQuestion: string }) => void
}

/**
 * The 'Ask AI Assistant' card: the question box (Enter sends, Shift+Enter adds a line), Response Length,
 * the audience categories, the quick questions of the chosen one (rendered by `quickQuestions`), and the
 * conversation, which keeps the latest exchange only.
 */
export function AskAssistant({
  profile,
  quickQuestions,
}: {
  profile: AccessibleProfile | null
  quickQuestions: (slot: QuickQuestionSlot) => ReactNode
}) {
  const headingId = useId()
  const questionId = useId()
  const categoryLabelId = useId()
  const { toast } = useToast()
  const [question, setQuestion] = useState('')
  const [responseLength, setResponseLength] = useState<ResponseLength>('long')
  const [category, setCategory] = useState<QuestionCategory>('self')
  const [highlightedId, setHighlightedId] = useState<number | null>(null)
  const { exchange, ask, clear } = useDiscAnalysisStream((error) => toast(adviceFailureToast(error)))

  // A different profile starts a new conversation.
  const profileId = profile?.id ?? null
  useEffect(() => clear(), [profileId, clear])

  const busy = exchange?.status === 'streaming'

  function send(text: string) {
    const trimmed = text.trim()
    if (!profile || trimmed === '' || busy) return
    void ask({
      profileId: profile.id,
      question: trimmed,
      category,
      responseLength,
      assessmentType: profile.assessmentType,
    })
  }

  function sendTyped() {
    if (question.trim() === '') return
    setHighlightedId(null)
    send(question)
    setQuestion('')
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      sendTyped()
    }
  }

  function chooseCategory(next: QuestionCategory) {
    setCategory(next)
    setHighlightedId(null)
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Ask AI Assistant
      </h2>
      {profile && (
        <p className="mt-1 text-sm text-slate-600">
          Asking about{' '}
          <span className="font-medium text-slate-900">{profile.name || `Profile #${profile.id}`}</span>
        </p>
      )}

      <div className="mt-4 flex flex-col gap-4">
        <ResponseLengthToggle value={responseLength} onChange={setResponseLength} />

        <div>
          <span id={categoryLabelId} className="text-sm font-medium text-slate-800">
            Category
          </span>
          <div role="group" aria-labelledby={categoryLabelId} className="mt-2 flex flex-wrap gap-2">
            {QUESTION_CATEGORY_OPTIONS.map((option) => {
              const pressed = option.value === category
              return (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => chooseCategory(option.value)}
                  className={`rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                    pressed
                      ? 'bg-indigo-600 text-white ring-indigo-600'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                  }`}
                >
                  {option.label}
                </button>
              )
            })}
          </div>
        </div>

        {quickQuestions({
          category,
          highlightedId,
          disabled: !profile || busy,
          onPick: (picked) => {
            setHighlightedId(picked.id)
            send(picked.detailedQuestion)
          },
        })}

        <Conversation
          exchange={exchange}
          placeholder={profile ? NOTHING_ASKED_PLACEHOLDER : NO_PROFILE_PLACEHOLDER}
          onFollowUp={(followUp) => {
            setHighlightedId(null)
            send(followUp)
          }}
        />

        <form
          onSubmit={(event) => {
            event.preventDefault()
            sendTyped()
          }}
          className="flex flex-col gap-2"
        >
          <label htmlFor={questionId} className="text-sm font-medium text-slate-800">
            Your question
          </label>
          <textarea
            id={questionId}
            rows={3}
            value={question}
            maxLength={QUESTION_MAX_LENGTH}
            onChange={(event) => setQuestion(event.target.value)}
            onKeyDown={handleKeyDown}
            disabled={!profile}
            placeholder={
              profile
                ? 'Type a question and press Enter (Shift+Enter for a new line)'
                : NO_PROFILE_PLACEHOLDER
            }
            className={`${inputClasses} resize-y disabled:bg-slate-100`}
          />
          <div className="flex justify-end">
            <button
              type="submit"
              disabled={!profile || busy || question.trim() === ''}
              className={buttonClasses('primary')}
            >
              {busy ? 'Generating...' : 'Send'}
            </button>
          </div>
        </form>
      </div>
    </section>
  )
}
