import type { ToastInput } from '../ui/toast.tsx'
import { RetryLaterError } from '../../lib/event-stream.ts'

/** "45 seconds", "1 minute", "4 minutes", "2 hours": the wait, rounded up so it is never too short. */
export function describeWait(seconds: number): string {
  const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`
  if (seconds < 60) return count(Math.max(1, seconds), 'second')
  if (seconds < 3600) return count(Math.ceil(seconds / 60), 'minute')
  return count(Math.ceil(seconds / 3600), 'hour')
}

/**
 * The toast for a question the advisor could not answer. A refusal for asking too often says when the
 * user can ask again, from the answer's `Retry-After`; anything else is the spec's 'Error' toast.
 */
export function adviceFailureToast(error: unknown): ToastInput {
  if (error instanceof RetryLaterError) {
    const wait = error.retryAfterSeconds
    const at = new Date(error.receivedAt + wait * 1000).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    })
    return {
      title: 'Too many questions',
      description: `You have asked a lot of questions in a short time. You can ask again in ${describeWait(wait)}${wait >= 60 ? `, at ${at}` : ''}.`,
      variant: 'destructive',
    }
  }
  return {
    title: 'Error',
    description: 'Failed to generate AI response. Please try again.',
    variant: 'destructive',
  }
}
