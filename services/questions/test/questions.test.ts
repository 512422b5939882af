import { describe, expect, it } from 'vitest'
import {
  MAX_QUESTIONS_PER_CATEGORY,
  QUESTION_CATEGORIES,
  type Question,
  type QuestionCategory,
} from '@app/contracts/questions'
import { buildApp } from '../src/app.ts'
import { DEFAULT_QUESTIONS } from '../src/default-questions.ts'
import { administrator, guest, standard, useQuestionsApp } from './support/questions-app.ts'

const { context, call, list, inCategory, create } = useQuestionsApp()

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

describe('adding and editing a question (docs/requirements.md section 5)', () => {
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

describe('bulk import (docs/requirements.md section 5)', () => {
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
