import { Fragment } from 'react'
import { parseAnswer } from '../../lib/answer-markup.ts'

/**
 * An AI answer as React elements: `**bold**` as <strong>, newlines as <br>. The answer is never handed to
 * the browser as HTML, so tags, images and `javascript:` links in it show as plain text.
 */
export function AnswerText({ text }: { text: string }) {
  const lines = parseAnswer(text)
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
