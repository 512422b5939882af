import { MAX_FOLLOW_UPS } from '@app/contracts/advice'
import { FOLLOW_UPS_MARKER } from '../../prompt.ts'

/** How many characters at the end of `text` could be the start of the marker. */
function partialMarkerAt(text: string): number {
  for (let length = Math.min(FOLLOW_UPS_MARKER.length - 1, text.length); length > 0; length -= 1)
    if (FOLLOW_UPS_MARKER.startsWith(text.slice(-length))) return length
  return 0
}

/**
 * Splits a model's streamed text into the answer, which is shown as it arrives, and the follow-up questions
 * after the marker, which are not. Only text that might be the start of the marker is held back.
 */
export function createFollowUpSplitter() {
  let answer = ''
  let held = ''
  let tail: string | null = null
  return {
    /** The part of `delta` that may be shown now. */
    push(delta: string): string {
      if (tail !== null) {
        tail += delta
        return ''
      }
      const text = held + delta
      const marker = text.indexOf(FOLLOW_UPS_MARKER)
      if (marker !== -1) {
        tail = text.slice(marker + FOLLOW_UPS_MARKER.length)
        held = ''
        const shown = text.slice(0, marker)
        answer += shown
        return shown
      }
      const keep = partialMarkerAt(text)
      held = text.slice(text.length - keep)
      const shown = text.slice(0, text.length - keep)
      answer += shown
      return shown
    },
    /** What was held back at the end, then the whole answer and the follow-ups. */
    finish(): { rest: string; answer: string; followUps: string[] } {
      const rest = held
      answer += held
      held = ''
      const followUps = (tail ?? '')
        .split(/\r?\n/)
        .map((line) =>
          line
            .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
            .replace(/^["']|["']$/g, '')
            .trim(),
        )
        .filter((line) => line.length > 0 && line.length <= 300)
        .slice(0, MAX_FOLLOW_UPS)
      return { rest, answer: answer.trim(), followUps }
    },
  }
}
