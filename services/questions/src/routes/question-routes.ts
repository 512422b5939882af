import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { MAX_QUESTIONS_PER_CATEGORY, type SaveQuestionRequest } from '@app/contracts/questions'
import { apiRouteOptions } from '@app/kit/api-route'
import type { ZodTypeProvider } from '@app/kit/validation'
import { questionsErrors } from '../errors.ts'
import { renumbered } from '../display-orders.ts'
import { parseImportLines } from '../question-import.ts'
import type { QuestionsRepository, QuestionText } from '../repositories/questions-repository.ts'

/** Both texts, trimmed; blank ones are the spec's 'Missing information'. */
function textsOf(body: SaveQuestionRequest): QuestionText {
  const shortForm = body.shortForm.trim()
  const detailedQuestion = body.detailedQuestion.trim()
  if (!shortForm || !detailedQuestion) throw questionsErrors.missingInformation()
  return { shortForm, detailedQuestion }
}

/**
 * One change at a time: the 10-per-category limit is a count followed by a write, and a reorder writes
 * several documents, so changes must not interleave. Changes are rare administrator actions.
 */
function createWriteQueue() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work)
    tail = result.catch(() => undefined)
    return result
  }
}

/** The quick questions of the Ask page (docs/requirements.md section 2): everyone reads them, administrators curate them. */
export async function questionRoutes(app: FastifyInstance, options: { questions: QuestionsRepository }) {
  const { questions } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const serially = createWriteQueue()

  routes.get(api.listQuestions.path, apiRouteOptions(api.listQuestions), async () => questions.list())

  routes.post(api.createQuestion.path, apiRouteOptions(api.createQuestion), async (request, reply) => {
    const texts = textsOf(request.body)
    const { category } = request.body
    const [created] = await serially(async () => {
      if ((await questions.countInCategory(category)) >= MAX_QUESTIONS_PER_CATEGORY)
        throw questionsErrors.maximumReached(category)
      return questions.append(category, [texts])
    })
    return reply.status(201).send(created!)
  })

  routes.put(api.updateQuestion.path, apiRouteOptions(api.updateQuestion), async (request) => {
    const texts = textsOf(request.body)
    const { category } = request.body
    return serially(async () => {
      const existing = await questions.findById(request.params.id)
      if (!existing) throw questionsErrors.notFound()
      if (existing.category === category) {
        return (await questions.update(existing.id, { ...texts, category }))!
      }
      // Moving to another category takes one of its slots, and the question goes to its end.
      const inTarget = await questions.listCategory(category)
      if (inTarget.length >= MAX_QUESTIONS_PER_CATEGORY) throw questionsErrors.maximumReached(category)
      const displayOrder = (inTarget.at(-1)?.displayOrder ?? -1) + 1
      const updated = await questions.update(existing.id, { ...texts, category, displayOrder })
      if (!updated) throw questionsErrors.notFound()
      await questions.renumber([existing.category, category])
      return (await questions.findById(existing.id)) ?? updated
    })
  })

  routes.delete(api.deleteQuestion.path, apiRouteOptions(api.deleteQuestion), async (request) => {
    const removed = await serially(() => questions.remove(request.params.id))
    if (!removed) throw questionsErrors.notFound()
    return { message: 'Question deleted' }
  })

  routes.patch(api.reorderQuestions.path, apiRouteOptions(api.reorderQuestions), async (request) => {
    const { updates } = request.body
    if (new Set(updates.map((update) => update.id)).size !== updates.length)
      throw questionsErrors.reorderDuplicate()
    return serially(async () => {
      const listed = await questions.list()
      const current = new Map(listed.map((question) => [question.id, question]))
      if (updates.some((update) => !current.has(update.id))) throw questionsErrors.reorderUnknown()
      // The orders asked for, made unique: every question of a touched category gets its place 0, 1, 2...
      const touched = new Set(updates.map((update) => current.get(update.id)!.category))
      const requested = new Map(updates.map((update) => [update.id, update.displayOrder]))
      // All or nothing: a write that fails puts back the orders already written before answering.
      const written: number[] = []
      try {
        for (const change of renumbered(listed, touched, requested)) {
          if (!(await questions.setDisplayOrder(change.id, change.displayOrder)))
            throw questionsErrors.reorderUnknown()
          written.push(change.id)
        }
      } catch (error) {
        for (const id of written) await questions.setDisplayOrder(id, current.get(id)!.displayOrder)
        throw error
      }
      return questions.list()
    })
  })

  routes.post(api.importQuestions.path, apiRouteOptions(api.importQuestions), async (request, reply) => {
    const { category, text } = request.body
    if (!text.trim()) throw questionsErrors.importEmpty()
    const lines = parseImportLines(text)
    if (lines.length === 0) throw questionsErrors.importInvalidFormat()
    const added = await serially(async () => {
      const used = await questions.countInCategory(category)
      if (used + lines.length > MAX_QUESTIONS_PER_CATEGORY)
        throw questionsErrors.importTooMany(category, used)
      return questions.append(category, lines)
    })
    return reply.status(201).send({ added })
  })
}
