/** The most words one piece of a paced answer carries. */
export const WORDS_PER_PIECE = 4

/**
 * Splits an answer into the pieces a model would stream: a few words at a time, and never across the end
 * of a sentence or a line, so that a reader sees it grow phrase by phrase. The pieces join to the answer.
 */
export function piecesOf(text: string): string[] {
  const pieces: string[] = []
  let piece = ''
  let words = 0
  for (const word of text.match(/\s*\S+\s*/g) ?? [text]) {
    piece += word
    words += 1
    if (words >= WORDS_PER_PIECE || /[.!?:]\s*$|\n/.test(word)) {
      pieces.push(piece)
      piece = ''
      words = 0
    }
  }
  if (piece !== '') pieces.push(piece)
  return pieces
}
