import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  MAX_QUESTIONS_PER_CATEGORY,
  QUESTION_CATEGORIES,
  type Question,
  type QuestionCategory,
} from '@app/contracts/questions'
import type { Identity } from '@app/kit/identity'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { DEFAULT_QUESTIONS } from '../src/default-questions.ts'
import { createQuestionsRepository } from '../src/repositories/questions-repository.ts'

const identity = (userId: number, role: Identity['role']): Identity => ({
  userId,
  role,
  username: `${role}@example.com`,
  mustChangePassword: false,
})
const administrator = identity(1, 'administrator')
const standard = identity(12, 'standard')
const guest = identity(20, 'guest_standard')

const context = {} as {
  app: Awaited<ReturnType<typeof buildApp>>
  dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
}
beforeEach(async () => {
  context.dependencies = await createEmbeddedDependencies('questions')
  context.app = await buildApp(context.dependencies)
})
afterEach(async () => {
  await context.app.close()
  await context.dependencies.close()
})

const call = (caller: Identity | null, method: string, url: string, payload?: unknown) =>
  context.app.inject({
    method: method as 'GET',
    url,
    headers: identityHeaders('questions', caller),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const list = async (caller: Identity = standard) =>
  (await call(caller, 'GET', '/api/questions')).json() as Question[]
const inCategory = async (category: QuestionCategory) =>
  (await list()).filter((question) => question.category === category)
const create = (body: unknown, caller: Identity = administrator) =>
  call(caller, 'POST', '/api/questions', body)
/** Brings a category to `count` questions by deleting or adding. */
async function fillTo(category: QuestionCategory, count: number) {
  const present = await inCategory(category)
  for (const question of present.slice(count))
    await call(administrator, 'DELETE', `/api/questions/${question.id}`)
  for (let index = present.length; index < count; index += 1)
    expect(
      (await create({ category, shortForm: `Q${index}`, detailedQuestion: `Question ${index}?` })).statusCode,
    ).toBe(201)
}

describe('the default quick questions', () => {
  it('gives every category its six questions in order on a new store', async () => {
    const questions = await list()
    expect(questions).toHaveLength(6 * QUESTION_CATEGORIES.length)
    for (const category of QUESTION_CATEGORIES) {
      const ofCategory = questions.filter((question) => question.category === category)
      expect(ofCategory.map((question) => question.shortForm)).toEqual(
        DEFAULT_QUESTIONS[category].map(([shortForm]) => shortForm),
      )
      expect(ofCategory.map((question) => question.displayOrder)).toEqual([0, 1, 2, 3, 4, 5])
      for (const question of ofCategory) expect(question.questionId).toBe(question.id)
    }
  })

  it('does not bring deleted defaults back when the service starts again', async () => {
    for (const question of await list()) await call(administrator, 'DELETE', `/api/questions/${question.id}`)
    await context.app.close()
    context.app = await buildApp(context.dependencies)
    expect(await list()).toEqual([])
  })
})

describe('who may read and curate', () => {
  it('lets every signed-in user read, and only administrators change', async () => {
    for (const caller of [standard, guest, administrator])
      expect((await call(caller, 'GET', '/api/questions')).statusCode).toBe(200)
    expect((await call(null, 'GET', '/api/questions')).statusCode).toBe(401)
    const [first] = await list()
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/questions', { category: 'self', shortForm: 'A', detailedQuestion: 'B' }],
      ['PUT', `/api/questions/${first!.id}`, { category: 'self', shortForm: 'A', detailedQuestion: 'B' }],
      ['DELETE', `/api/questions/${first!.id}`, undefined],
      ['PATCH', '/api/questions/reorder', { updates: [{ id: first!.id, displayOrder: 3 }] }],
      ['POST', '/api/questions/import', { category: 'self', text: 'A | B' }],
    ]
    const before = await list()
    for (const [method, url, body] of attempts) {
      for (const caller of [standard, guest])
        expect((await call(caller, method, url, body)).statusCode).toBe(403)
      expect((await call(null, method, url, body)).statusCode).toBe(401)
    }
    expect(await list()).toEqual(before)
  })
})

describe('adding and editing a question (spec section 5)', () => {
  const missing = {
    code: 'QUESTIONS_MISSING_INFORMATION',
    message: 'Please provide both a short form and detailed question',
  }
  it.each([
    ['an empty short form', { shortForm: '', detailedQuestion: 'Why?' }, 400, missing],
    ['an empty detailed question', { shortForm: 'Why', detailedQuestion: '' }, 400, missing],
    ['blank texts', { shortForm: '   ', detailedQuestion: '\n\t' }, 400, missing],
    ['a missing detailed question', { shortForm: 'Why' }, 400, missing],
    ['no texts at all', {}, 400, missing],
    [
      'an unknown category',
      { shortForm: 'A', detailedQuestion: 'B', category: 'pets' },
      400,
      { code: 'QUESTIONS_INVALID_INPUT' },
    ],
    [
      'an over-long short form',
      { shortForm: 'x'.repeat(81), detailedQuestion: 'B' },
      400,
      { code: 'QUESTIONS_INVALID_INPUT' },
    ],
    [
      'an operator object',
      { shortForm: { $ne: null }, detailedQuestion: 'B' },
      400,
      { code: 'QUESTIONS_INVALID_INPUT' },
    ],
  ])('refuses %s', async (_case, fields, status, body) => {
    const before = await list()
    const response = await create({ category: 'self', ...fields })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toMatchObject(body)
    expect(await list()).toEqual(before)
  })

  it('adds a trimmed question at the end of its category, and edits it', async () => {
    const response = await create({
      category: 'employers',
      shortForm: '  Onboarding ',
      detailedQuestion: ' How do I onboard them? ',
    })
    expect(response.statusCode).toBe(201)
    const created = response.json() as Question
    expect(created).toMatchObject({
      category: 'employers',
      shortForm: 'Onboarding',
      detailedQuestion: 'How do I onboard them?',
      displayOrder: 6,
    })
    expect((await inCategory('employers')).at(-1)).toEqual(created)
    const edited = await call(administrator, 'PUT', `/api/questions/${created.id}`, {
      category: 'employers',
      shortForm: 'First weeks',
      detailedQuestion: 'How should their first weeks look?',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toEqual({
      ...created,
      shortForm: 'First weeks',
      detailedQuestion: 'How should their first weeks look?',
    })
  })

  it.each([
    [9, 201],
    [10, 409],
  ])('with %i questions in a category, adding one answers %i', async (present, status) => {
    await fillTo('educators', present)
    const response = await create({
      category: 'educators',
      shortForm: 'One more',
      detailedQuestion: 'One more?',
    })
    expect(response.statusCode).toBe(status)
    if (status === 409)
      expect(response.json()).toEqual({
        code: 'QUESTIONS_MAXIMUM_REACHED',
        message: 'You cannot add more than 10 questions to the educators category.',
      })
    expect(await inCategory('educators')).toHaveLength(Math.min(present + 1, MAX_QUESTIONS_PER_CATEGORY))
  })

  it('holds the limit when many additions arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        create({ category: 'self', shortForm: `Race ${index}`, detailedQuestion: 'Why?' }),
      ),
    )
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(4)
    expect(await inCategory('self')).toHaveLength(MAX_QUESTIONS_PER_CATEGORY)
  })

  it('moves a question to another category only while that one has room', async () => {
    const [question] = await inCategory('self')
    const move = (category: QuestionCategory) =>
      call(administrator, 'PUT', `/api/questions/${question!.id}`, {
        category,
        shortForm: 'Moved',
        detailedQuestion: 'Moved?',
      })
    await fillTo('parents', 10)
    const refused = await move('parents')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('You cannot add more than 10 questions to the parents category.')
    expect((await inCategory('self'))[0]).toEqual(question)
    const moved = await move('employers')
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ category: 'employers', displayOrder: 6 })
  })

  it('answers 404 for a question that does not exist', async () => {
    const body = { category: 'self', shortForm: 'A', detailedQuestion: 'B' }
    expect((await call(administrator, 'PUT', '/api/questions/9999', body)).json().code).toBe(
      'QUESTIONS_NOT_FOUND',
    )
    expect((await call(administrator, 'DELETE', '/api/questions/9999')).statusCode).toBe(404)
    expect((await call(administrator, 'DELETE', '/api/questions/abc')).statusCode).toBe(400)
  })

  it('deletes a question', async () => {
    const [question] = await inCategory('parents')
    const response = await call(administrator, 'DELETE', `/api/questions/${question!.id}`)
    expect(response.statusCode).toBe(200)
    expect((await inCategory('parents')).map((remaining) => remaining.id)).not.toContain(question!.id)
  })
})

describe('bulk import (spec section 5)', () => {
  const importText = (text: string, category: QuestionCategory = 'self') =>
    call(administrator, 'POST', '/api/questions/import', { category, text })

  it.each([
    [
      'empty text',
      '',
      'QUESTIONS_IMPORT_NO_DATA',
      'Please paste questions in the format: Short Form | Detailed Question',
    ],
    [
      'only whitespace',
      '  \n \n',
      'QUESTIONS_IMPORT_NO_DATA',
      'Please paste questions in the format: Short Form | Detailed Question',
    ],
    ['lines without a pipe', 'Just a question\nAnother one', 'QUESTIONS_IMPORT_INVALID_FORMAT', undefined],
    ['lines with three parts', 'A | B | C', 'QUESTIONS_IMPORT_INVALID_FORMAT', undefined],
    ['lines with an empty part', ' | Why?\nWhy |  ', 'QUESTIONS_IMPORT_INVALID_FORMAT', undefined],
  ])('refuses %s', async (_case, text, code, message) => {
    const before = await list()
    const response = await importText(text)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe(code)
    if (message) expect(response.json().message).toBe(message)
    expect(await list()).toEqual(before)
  })

  it('adds the valid lines in order and ignores the others', async () => {
    const response = await importText(
      'Team lunch | How do I behave at team lunches?\nnot a question\nA | B | C\r\n  Deadlines |  How do I handle deadlines? \n',
    )
    expect(response.statusCode).toBe(201)
    const { added } = response.json() as { added: Question[] }
    expect(
      added.map((question) => [question.shortForm, question.detailedQuestion, question.displayOrder]),
    ).toEqual([
      ['Team lunch', 'How do I behave at team lunches?', 6],
      ['Deadlines', 'How do I handle deadlines?', 7],
    ])
    expect((await inCategory('self')).slice(-2)).toEqual(added)
  })

  it.each([
    [6, 4, 201, undefined],
    [6, 5, 409, 'You can only add 4 more questions to the employers category. 6/10 slots used.'],
    [10, 1, 409, 'You can only add 0 more questions to the employers category. 10/10 slots used.'],
    [0, 10, 201, undefined],
    [0, 11, 409, 'You can only add 10 more questions to the employers category. 0/10 slots used.'],
  ])('with %i present, importing %i answers %i', async (present, lines, status, message) => {
    await fillTo('employers', present)
    const before = await inCategory('employers')
    const text = Array.from(
      { length: lines },
      (_, index) => `Line ${index} | Imported question ${index}?`,
    ).join('\n')
    const response = await importText(text, 'employers')
    expect(response.statusCode).toBe(status)
    if (message) {
      expect(response.json()).toEqual({ code: 'QUESTIONS_IMPORT_TOO_MANY', message })
      expect(await inCategory('employers')).toEqual(before)
    } else expect(await inCategory('employers')).toHaveLength(present + lines)
  })
})

describe('reordering (all or nothing)', () => {
  const reorder = (updates: unknown) => call(administrator, 'PATCH', '/api/questions/reorder', { updates })

  it('saves a new order and answers the whole list in it', async () => {
    const self = await inCategory('self')
    const reversed = self.map((question, index) => ({
      id: question.id,
      displayOrder: self.length - 1 - index,
    }))
    const response = await reorder(reversed)
    expect(response.statusCode).toBe(200)
    const after = (response.json() as Question[]).filter((question) => question.category === 'self')
    expect(after.map((question) => question.id)).toEqual(self.map((question) => question.id).reverse())
    expect(await inCategory('self')).toEqual(after)
  })

  it.each([
    [
      'an unknown id among known ones',
      (ids: number[]) => [
        { id: ids[0]!, displayOrder: 5 },
        { id: 99_999, displayOrder: 0 },
      ],
      404,
      'QUESTIONS_REORDER_UNKNOWN',
    ],
    [
      'the same id twice',
      (ids: number[]) => [
        { id: ids[0]!, displayOrder: 5 },
        { id: ids[0]!, displayOrder: 0 },
      ],
      400,
      'QUESTIONS_REORDER_DUPLICATE',
    ],
    [
      'a negative order',
      (ids: number[]) => [{ id: ids[0]!, displayOrder: -1 }],
      400,
      'QUESTIONS_INVALID_INPUT',
    ],
    ['no updates', () => [], 400, 'QUESTIONS_INVALID_INPUT'],
  ])('changes nothing for %s', async (_case, updatesOf, status, code) => {
    const before = await list()
    const response = await reorder(updatesOf(before.map((question) => question.id)))
    expect(response.statusCode).toBe(status)
    expect(response.json().code).toBe(code)
    expect(await list()).toEqual(before)
  })

  it('changes nothing when the question is deleted while the order is saved', async () => {
    const self = await inCategory('self')
    const updates = self.map((question, index) => ({ id: question.id, displayOrder: 10 + index }))
    const [reordered] = await Promise.all([
      reorder(updates),
      call(administrator, 'DELETE', `/api/questions/${self[3]!.id}`),
    ])
    const after = await inCategory('self')
    expect([200, 404]).toContain(reordered.statusCode)
    // Either way the deleted question is gone, the others keep their order, and the places close up.
    expect(after.map((question) => question.id)).toEqual(
      self.filter((_, index) => index !== 3).map(({ id }) => id),
    )
    expect(after.map((question) => question.displayOrder)).toEqual([0, 1, 2, 3, 4])
  })
})

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
