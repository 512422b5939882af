import { z } from 'zod'
import {
  QUESTION_CATEGORIES,
  QuestionCategorySchema,
  type Question,
  type QuestionCategory,
} from '@app/contracts/questions'
import { DuplicateKeyError, type DocumentStore } from '@app/kit/store/port'
import { DEFAULT_QUESTIONS } from '../default-questions.ts'
import { renumbered, type OrderChange } from '../display-orders.ts'

const QuestionDocumentSchema = z.object({
  category: QuestionCategorySchema,
  shortForm: z.string().min(1),
  detailedQuestion: z.string().min(1),
  displayOrder: z.number().int(),
})
type QuestionDocument = z.output<typeof QuestionDocumentSchema> & { id: number }

/** Marks that the default questions were written once, so that deleting them all does not bring them back. */
const SeedDocumentSchema = z.object({ name: z.string(), seededAt: z.string() })

export interface QuestionText {
  shortForm: string
  detailedQuestion: string
}

const toQuestion = (document: QuestionDocument): Question => ({
  id: document.id,
  questionId: document.id,
  category: document.category,
  shortForm: document.shortForm,
  detailedQuestion: document.detailedQuestion,
  displayOrder: document.displayOrder,
})

const categoryRank = (category: QuestionCategory) => QUESTION_CATEGORIES.indexOf(category)

/** Every category's questions in display order, categories in the page's order. */
function inPageOrder(questions: Question[]): Question[] {
  return questions.sort(
    (a, b) =>
      categoryRank(a.category) - categoryRank(b.category) || a.displayOrder - b.displayOrder || a.id - b.id,
  )
}

export async function createQuestionsRepository(store: DocumentStore) {
  const questions = await store.collection('questions', {
    schema: QuestionDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'category' }],
  })
  const seeds = await store.collection('question_seeds', {
    schema: SeedDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'name', unique: true }],
  })

  return {
    async list(): Promise<Question[]> {
      return inPageOrder((await questions.find({})).map(toQuestion))
    },
    async listCategory(category: QuestionCategory): Promise<Question[]> {
      return inPageOrder((await questions.find({ category })).map(toQuestion))
    },
    async findById(id: number): Promise<Question | null> {
      const found = await questions.findOne({ id })
      return found ? toQuestion(found) : null
    },
    async countInCategory(category: QuestionCategory): Promise<number> {
      return questions.count({ category })
    },
    /** Appends after the last question of the category. */
    async append(category: QuestionCategory, texts: QuestionText[]): Promise<Question[]> {
      const last = await questions.find({ category }, { sort: { displayOrder: -1 }, limit: 1 })
      let next = (last[0]?.displayOrder ?? -1) + 1
      const added: Question[] = []
      for (const text of texts) {
        added.push(toQuestion(await questions.insert({ category, ...text, displayOrder: next })))
        next += 1
      }
      return added
    },
    async update(
      id: number,
      changes: QuestionText & { category: QuestionCategory; displayOrder?: number },
    ): Promise<Question | null> {
      const updated = await questions.updateOne({ id }, { $set: { ...changes } })
      return updated ? toQuestion(updated) : null
    },
    async setDisplayOrder(id: number, displayOrder: number): Promise<boolean> {
      return (await questions.updateOne({ id }, { $set: { displayOrder } })) !== null
    },
    /** Gives each category's questions the orders 0, 1, 2... in their present order (display-orders.ts). */
    async renumber(categories: Iterable<QuestionCategory>): Promise<OrderChange[]> {
      const changes = renumbered(await this.list(), new Set(categories))
      for (const change of changes) await this.setDisplayOrder(change.id, change.displayOrder)
      return changes
    },
    /** Deletes the question and closes the gap it leaves in its category's order. */
    async remove(id: number): Promise<boolean> {
      const existing = await questions.findOne({ id })
      if (!existing || !(await questions.deleteOne({ id }))) return false
      await this.renumber([existing.category])
      return true
    },
    /**
     * Writes the default questions on the first start of an empty store. The unique marker lets one replica
     * of several do it, and an administrator who later deletes them all does not see them return.
     */
    async seedDefaults(now: Date = new Date()): Promise<number> {
      try {
        await seeds.insert({ name: 'default-questions', seededAt: now.toISOString() })
      } catch (error) {
        if (error instanceof DuplicateKeyError) return 0
        throw error
      }
      if ((await questions.count({})) > 0) return 0
      let written = 0
      for (const category of QUESTION_CATEGORIES) {
        const texts = DEFAULT_QUESTIONS[category].map(([shortForm, detailedQuestion]) => ({
          shortForm,
          detailedQuestion,
        }))
        written += (await this.append(category, texts)).length
      }
      return written
    },
  }
}
export type QuestionsRepository = Awaited<ReturnType<typeof createQuestionsRepository>>
