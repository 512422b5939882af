import type { Question, QuestionCategory } from '@app/contracts/questions'

export type OrderChange = { id: number; displayOrder: number }

const byOrder = (a: Question, b: Question) => a.displayOrder - b.displayOrder || a.id - b.id

/**
 * The display orders a category's questions take after a write: 0, 1, 2... so no two questions of a
 * category ever share one, whatever orders a client sends or a past version left behind. `requested` holds
 * the places a reorder asks for: each moved question goes to its place (or the end), after any moved
 * question asked for an earlier one; the others keep their order around them. Lists only what changes.
 */
export function renumbered(
  questions: readonly Question[],
  categories: ReadonlySet<QuestionCategory>,
  requested: ReadonlyMap<number, number> = new Map(),
): OrderChange[] {
  const changes: OrderChange[] = []
  for (const category of categories) {
    const inCategory = questions.filter((question) => question.category === category)
    const ordered = inCategory.filter((question) => !requested.has(question.id)).sort(byOrder)
    const moved = inCategory
      .filter((question) => requested.has(question.id))
      .map((question) => ({ question, place: requested.get(question.id)! }))
      .sort((a, b) => a.place - b.place || byOrder(a.question, b.question))
    let lastPlace = -1
    for (const { question, place } of moved) {
      lastPlace = Math.min(Math.max(place, lastPlace + 1), ordered.length)
      ordered.splice(lastPlace, 0, question)
    }
    ordered.forEach((question, index) => {
      if (question.displayOrder !== index) changes.push({ id: question.id, displayOrder: index })
    })
  }
  return changes
}
