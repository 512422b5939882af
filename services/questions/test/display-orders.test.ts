import { describe, expect, it } from 'vitest'
import { QUESTION_CATEGORIES, type Question } from '@app/contracts/questions'
import { buildApp } from '../src/app.ts'
import { createQuestionsRepository } from '../src/repositories/questions-repository.ts'
import { administrator, useQuestionsApp } from './support/questions-app.ts'

const { context, call, list, inCategory, create } = useQuestionsApp()

describe('display orders stay unique', () => {
  const reorder = (updates: unknown) => call(administrator, 'PATCH', '/api/questions/reorder', { updates })
  /** Each category's display orders, which must read 0, 1, 2... */
  const ordersByCategory = async () => {
    const questions = await list()
    return Object.fromEntries(
      QUESTION_CATEGORIES.map((category) => [
        category,
        questions
          .filter((question) => question.category === category)
          .map((question) => question.displayOrder),
      ]),
    )
  }
  const contiguous = async () =>
    Object.fromEntries(
      await Promise.all(
        QUESTION_CATEGORIES.map(async (category) => [
          category,
          (await inCategory(category)).map((_, index) => index),
        ]),
      ),
    )

  it('when a reorder moves one question to the place another holds', async () => {
    const self = await inCategory('self')
    const moved = self[0]!
    const response = await reorder([{ id: moved.id, displayOrder: 3 }])
    expect(response.statusCode).toBe(200)
    const after = await inCategory('self')
    // The moved question takes place 3; the one that held it follows.
    expect(after.map((question) => question.id)).toEqual([
      self[1]!.id,
      self[2]!.id,
      self[3]!.id,
      moved.id,
      self[4]!.id,
      self[5]!.id,
    ])
    expect(after.map((question) => question.displayOrder)).toEqual([0, 1, 2, 3, 4, 5])
    expect(await ordersByCategory()).toEqual(await contiguous())
  })

  it('when a reorder gives two questions the same order, or orders beyond the end', async () => {
    const employers = await inCategory('employers')
    const [a, b, c] = employers
    const response = await reorder([
      { id: c!.id, displayOrder: 0 },
      { id: b!.id, displayOrder: 0 },
      { id: a!.id, displayOrder: 900 },
    ])
    expect(response.statusCode).toBe(200)
    const after = await inCategory('employers')
    expect(new Set(after.map((question) => question.displayOrder)).size).toBe(after.length)
    expect(after.map((question) => question.displayOrder)).toEqual(after.map((_, index) => index))
    // Ties keep the order the questions had; a question sent past the end goes last.
    expect(after[0]!.id).toBe(b!.id)
    expect(after[1]!.id).toBe(c!.id)
    expect(after.at(-1)!.id).toBe(a!.id)
  })

  it('through adds, deletes, moves between categories and reorders in quick succession', async () => {
    const self = await inCategory('self')
    const created = (
      await create({ category: 'self', shortForm: 'Extra', detailedQuestion: 'An extra question?' })
    ).json() as Question
    await Promise.all([
      reorder([{ id: created.id, displayOrder: 0 }]),
      call(administrator, 'DELETE', `/api/questions/${self[2]!.id}`),
      call(administrator, 'PUT', `/api/questions/${self[4]!.id}`, {
        category: 'parents',
        shortForm: self[4]!.shortForm,
        detailedQuestion: self[4]!.detailedQuestion,
      }),
      reorder([{ id: self[5]!.id, displayOrder: 1 }]),
    ])
    expect(await ordersByCategory()).toEqual(await contiguous())
    expect((await inCategory('self'))[0]!.id).toBe(created.id)
    expect((await inCategory('parents')).at(-1)!.id).toBe(self[4]!.id)
  })

  it('in a store an earlier version left with two questions at one place, from the next start', async () => {
    const self = await inCategory('self')
    const repository = await createQuestionsRepository(context.dependencies.store)
    await repository.setDisplayOrder(self[1]!.id, 0)
    await repository.setDisplayOrder(self[4]!.id, 2)
    await context.app.close()
    context.app = await buildApp(context.dependencies)
    expect(await ordersByCategory()).toEqual(await contiguous())
    expect((await inCategory('self')).map((question) => question.id)).toEqual([
      self[0]!.id,
      self[1]!.id,
      self[2]!.id,
      self[4]!.id,
      self[3]!.id,
      self[5]!.id,
    ])
  })
})
