/** A run of answer text, bold or not. */
export type AnswerRun = { text: string; bold: boolean }

/**
 * Reads an answer's only markup: `**bold**` markers and newlines. Everything else is text, so whatever an
 * answer holds (tags, `javascript:` links, entities) is shown as written and never interpreted. A `**`
 * without its closing pair stays literal, which also keeps a half-streamed answer from flickering bold.
 */
export function parseAnswer(text: string): AnswerRun[][] {
  return text.split(/\r?\n/).map((line) => {
    const runs: AnswerRun[] = []
    let rest = line
    while (rest.length > 0) {
      const open = rest.indexOf('**')
      const close = open === -1 ? -1 : rest.indexOf('**', open + 2)
      if (open === -1 || close === -1) {
        runs.push({ text: rest, bold: false })
        break
      }
      if (open > 0) runs.push({ text: rest.slice(0, open), bold: false })
      const inner = rest.slice(open + 2, close)
      if (inner.length > 0) runs.push({ text: inner, bold: true })
      rest = rest.slice(close + 2)
    }
    return runs
  })
}
