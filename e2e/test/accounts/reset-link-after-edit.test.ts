import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiSession } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'
import { startMailCatcher, type MailCatcher } from '../../src/mail.ts'

/**
 * Through the whole product: a reset link asked for before an administrator changes a user's e-mail and
 * password resets nothing afterwards, and a reset made after that edit keeps the forced password change
 * (issue 26, finding 2).
 */
let mail: MailCatcher
// Started before the product that sends to it, stopped after it (after-hooks run in reverse).
beforeAll(async () => {
  mail = await startMailCatcher()
})
afterAll(async () => {
  await mail?.close()
})

const fixture = useProduct(() => ({ SMTP_URL: mail.smtpUrl }))

async function linkMailedTo(email: string): Promise<string> {
  await new ApiSession(fixture.product.url).expect(200, 'POST', '/api/auth/forgot-password', { email })
  const received = await mail.nextMailTo(email)
  return /reset-password\?token=([\w-]+)/.exec(received.text)![1]!
}

describe('a reset link and an administrator’s edit', () => {
  it('dies with the old e-mail and password; a reset after the edit keeps the forced change', async () => {
    const member = await fixture.createAccount('standard', { firstName: 'Hank', lastName: 'Moved' })
    const oldMailboxToken = await linkMailedTo(member.user.email)

    const newEmail = `hank.moved.${member.user.id}@example.test`
    await fixture.administrator.expect(200, 'PUT', `/api/admin/user/${member.user.id}`, {
      email: newEmail,
      username: newEmail,
      password: 'Set-By-Admin-1',
    })

    const anonymous = new ApiSession(fixture.product.url)
    expect(await anonymous.expect(200, 'GET', `/api/auth/reset-password/${oldMailboxToken}`)).toEqual({
      valid: false,
      message: 'Invalid or expired reset link',
    })
    const refused = await anonymous.call('POST', '/api/auth/reset-password', {
      token: oldMailboxToken,
      newPassword: 'Taken-Over-1',
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ message: 'Invalid or expired reset link' })
    expect(
      (await anonymous.call('POST', '/api/auth/login', { username: newEmail, password: 'Taken-Over-1' }))
        .status,
    ).toBe(401)

    const newMailboxToken = await linkMailedTo(newEmail)
    await anonymous.expect(200, 'POST', '/api/auth/reset-password', {
      token: newMailboxToken,
      newPassword: 'Chosen-After-Edit-2',
    })
    const owner = new ApiSession(fixture.product.url)
    await owner.login(newEmail, 'Chosen-After-Edit-2')
    expect(await owner.expect(200, 'GET', '/api/auth/me')).toMatchObject({ mustChangePassword: true })
  })
})
