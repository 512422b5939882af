import { describe, expect, it } from 'vitest'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { TOOK_OVER_REASON } from '../src/upstream-batches.ts'
import {
  accounts,
  administrator,
  as,
  DISC_HEADER,
  importCsv,
  logIn,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct()

const CARLA = 'carla.ceo@example.com'

/** What a standard user did: invited the address to their own profile and accepted the copied link. */
async function squat(email: string) {
  const response = await context.auth.inject({
    method: 'POST',
    url: '/internal/users/find-or-create-guest',
    headers: serviceHeaders('sharing', 'auth'),
    payload: {
      email,
      name: 'Carla Ceo',
      role: 'guest_owner',
      password: 'squatter pass 1',
      invitedBy: { name: 'Sam Squatter', email: 'sam@example.com' },
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().user.id as number
}

const confirmationTokenOf = (email: string) => {
  const mail = context.mails.find((sent) => sent.to === email && sent.subject.startsWith('Confirm'))
  return /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
}

describe('an address squatted with a guest account', () => {
  it('is taken over by an import: the row says so, and the squatter is out', async () => {
    const guestId = await squat(CARLA)
    expect((await logIn(context, CARLA, 'squatter pass 1')).statusCode).toBe(200)

    const response = await importCsv(context.app, `${DISC_HEADER}\nCarla,Ceo,${CARLA},70,10,10,10`)
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result.successfulRecords).toBe(1)
    expect(result.report).toEqual([
      {
        row: 2,
        name: 'Carla Ceo',
        email: CARLA,
        status: 'imported',
        userId: guestId,
        reason: TOOK_OVER_REASON,
      },
    ])
    // The same account, so what was shared with it stays; now a standard user with a fresh password.
    expect((await accounts(context)).filter((user) => user.email === CARLA)).toMatchObject([
      { id: guestId, role: 'standard' },
    ])
    expect((await logIn(context, CARLA, 'squatter pass 1')).statusCode).toBe(401)
    const carla = await logIn(context, CARLA, result.importedUsers[0].password)
    expect(carla.statusCode, carla.body).toBe(200)
  })

  it('is taken over by the Single User form too', async () => {
    const guestId = await squat(CARLA)
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/admin/import/single',
      headers: as('import', administrator),
      payload: {
        firstName: 'Carla',
        lastName: 'Ceo',
        email: CARLA,
        dScore: 1,
        iScore: 2,
        sScore: 3,
        cScore: 4,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().report[0]).toMatchObject({ userId: guestId, reason: TOOK_OVER_REASON })
  })
})

describe('a guest account whose owner confirmed the address', () => {
  it('still blocks an import of that address (409 for the Single User form)', async () => {
    const guestId = await squat(CARLA)
    const token = confirmationTokenOf(CARLA)
    expect(token).toBeDefined()
    const confirmed = await context.auth.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      headers: as('auth', null),
      payload: { token },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)

    const csv = await importCsv(context.app, `${DISC_HEADER}\nCarla,Ceo,${CARLA},70,10,10,10`)
    expect(csv.json().report[0]).toMatchObject({
      status: 'failed',
      reason: 'A user with this email already exists',
    })
    const single = await context.app.inject({
      method: 'POST',
      url: '/api/admin/import/single',
      headers: as('import', administrator),
      payload: {
        firstName: 'Carla',
        lastName: 'Ceo',
        email: CARLA,
        dScore: 1,
        iScore: 2,
        sScore: 3,
        cScore: 4,
      },
    })
    expect(single.statusCode).toBe(409)
    expect((await accounts(context)).filter((user) => user.email === CARLA)).toMatchObject([
      { id: guestId, role: 'guest_owner' },
    ])
    expect((await logIn(context, CARLA, 'squatter pass 1')).statusCode).toBe(200)
  })
})
