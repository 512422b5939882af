import { Fragment } from 'react'
import { parseAnswer } from '../../lib/answer-markup.ts'

/**
 * The text of an answer still arriving, as it will read when complete: a heading whose closing `**` has not
 * come yet is already bold, and half a marker at the very end waits for its other half.
 */
export function completedSoFar(text: string): string {
  const waiting = text.replace(/(?<!\*)\*$/, '')
  const lastLine = waiting.slice(waiting.lastIndexOf('\n') + 1)
  return (lastLine.match(/\*\*/g) ?? []).length % 2 === 1 ? `${waiting}**` : waiting
}

/**
 * An AI answer as React elements: `**bold**` as <strong>, newlines as <br>. The answer is never handed to
 * the browser as HTML, so tags, images and `javascript:` links in it show as plain text. While it streams,
 * an open marker shows as bold at once, so the reader never sees the markers flicker.
 */
export function AnswerText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const lines = parseAnswer(streaming ? completedSoFar(text) : text)
  return lines.map((runs, lineIndex) => (
    <Fragment key={lineIndex}>
      {lineIndex > 0 && <br />}
      {runs.map((run, runIndex) =>
        run.bold ? (
          <strong key={runIndex}>{run.text}</strong>
        ) : (
          <Fragment key={runIndex}>{run.text}</Fragment>
        ),
      )}
    </Fragment>
  ))
}
