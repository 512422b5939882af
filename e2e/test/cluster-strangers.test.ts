import { execFileSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { INVITATIONS_ACCEPTED, type InvitationAccepted } from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import { signEvent } from '@app/kit/bus/signature'
import { generateIdentityKeyPair } from '@app/kit/identity'
import { redisAvailable, type RedisServer } from '@app/kit/testing/redis-server'
import { ApiSession, createAccount, type Account } from '../src/api.ts'
import { CLUSTER_ADMINISTRATOR, useLocalCluster, type LocalClusterFixture } from '../src/cluster.ts'

/**
 * The local cluster attacked as issue 26 found it open: a local process wrote to its Redis to grant itself
 * another user's profile (`XADD events:invitations.accepted.v1`) and to revive a logged-out session
 * (`DEL session:revoked:<sid>`). Started as `npm run start:cluster` starts it (decision 021).
 */

/** Sends raw commands as a client that knows no password, and returns Redis's answers. */
function asStranger(port: number, commands: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    let answer = ''
    socket.setTimeout(3000, () => socket.destroy(new Error(`no answer: ${answer}`)))
    socket.once('error', reject)
    socket.once('connect', () => socket.write(commands.map((command) => `${command}\r\n`).join('')))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
      if (answer.split('\r\n').length > commands.length) {
        socket.destroy()
        resolve(answer)
      }
    })
  })
}

/** redis-cli as the operator, with the password from the environment (never on its command line). */
const asOperator = (server: RedisServer, ...command: string[]) =>
  execFileSync('redis-cli', ['-p', String(server.port), ...command], {
    encoding: 'utf8',
    env: { ...process.env, REDISCLI_AUTH: server.password },
  }).trim()

const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid

describe.skipIf(!redisAvailable)('the local cluster against a local stranger', () => {
  const local = useLocalCluster('cluster-strangers-')
  let dataDirectory: string
  let cluster: LocalClusterFixture['cluster']
  let redis: RedisServer
  let relaxedRedis: RedisServer
  let runnerLog: string[]
  let administrator: ApiSession

  beforeAll(async () => {
    ;({ dataDirectory, cluster, redis, relaxedRedis, runnerLog } = local)
    administrator = new ApiSession(cluster.url)
    await administrator.login(CLUSTER_ADMINISTRATOR.email, CLUSTER_ADMINISTRATOR.password)
  })

  it('starts both Redis with a password kept in DATA_DIR/secrets.json (0600), never on a command line or in its output', () => {
    const secretsFile = join(dataDirectory, 'secrets.json')
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600)
    const password = (JSON.parse(readFileSync(secretsFile, 'utf8')) as { REDIS_PASSWORD: string })
      .REDIS_PASSWORD
    expect(password.length).toBeGreaterThanOrEqual(43)
    expect([redis.password, relaxedRedis.password]).toEqual([password, password])
    // What `ps` shows every local user.
    const commandLines = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    expect(commandLines).toContain(`redis-server 127.0.0.1:${redis.port}`)
    expect(commandLines).not.toContain(password)
    expect(runnerLog).toContain(`Started redis-server for the cluster at redis://***@127.0.0.1:${redis.port}`)
    expect(runnerLog.join('\n')).not.toContain(password)
  })

  it('refuses a stranger on either Redis: no read, no XADD, no DEL, and no guessing', async () => {
    for (const server of [redis, relaxedRedis]) {
      const answer = await asStranger(server.port, [
        'PING',
        'XADD events:invitations.accepted.v1 * key 1 event {}',
        'DEL session:revoked:anything',
        'KEYS *',
        'AUTH default not-the-password',
      ])
      expect(answer.split('\r\n').slice(0, 5)).toEqual([
        '-NOAUTH Authentication required.',
        '-NOAUTH Authentication required.',
        '-NOAUTH Authentication required.',
        '-NOAUTH Authentication required.',
        '-WRONGPASS invalid username-password pair or user is disabled.',
      ])
    }
  })

  it('keeps a logged-out session refused: DEL session:revoked:<sid> is impossible without the password', async () => {
    const account = await createAccount(administrator, 'standard', { firstName: 'Logged', lastName: 'Out' })
    const token = account.session.sessionToken!
    await account.session.expect(200, 'POST', '/api/auth/logout')
    const replay = new ApiSession(cluster.url)
    replay.useSessionToken(token)
    expect((await replay.call('GET', '/api/auth/me')).status).toBe(401)

    const key = `session:revoked:${sessionIdOf(token)}`
    expect(asOperator(redis, 'EXISTS', key)).toBe('1')
    expect(await asStranger(redis.port, [`DEL ${key}`])).toBe('-NOAUTH Authentication required.\r\n')
    expect(asOperator(redis, 'EXISTS', key)).toBe('1')
    expect((await replay.call('GET', '/api/auth/me')).status).toBe(401)
  })

  it('grants nothing for a forged invitations.accepted.v1, even written with the password; a real share still works', async () => {
    const owner = await createAccount(administrator, 'standard', { firstName: 'Profile', lastName: 'Owner' })
    const profile = (await owner.session.expect(201, 'POST', '/api/assessments', {
      name: 'Profile Owner',
      dScore: 60,
      iScore: 40,
      sScore: 30,
      cScore: 20,
    })) as { id: number }
    const mallory: Account = await createAccount(administrator, 'standard', {
      firstName: 'Mallory',
      lastName: 'Local',
    })
    const visibleTo = async (session: ApiSession) =>
      ((await session.expect(200, 'GET', '/api/accessible-profiles')) as Array<{ id: number }>).map(
        (visible) => visible.id,
      )
    expect(await visibleTo(mallory.session)).not.toContain(profile.id)

    // The attack as it was made, by a process that has the bus (here: knows the Redis password).
    const grant: InvitationAccepted = {
      invitationId: 990_001,
      rootInvitationId: 990_001,
      parentInvitationId: null,
      ownerId: owner.user.id,
      granteeId: mallory.user.id,
      inviteeRole: 'guest_owner',
      sharedBy: { name: 'Profile Owner', email: owner.user.email },
      acceptedAt: new Date().toISOString(),
    }
    const unsigned = createEvent(INVITATIONS_ACCEPTED, grant)
    const selfSigned = signEvent(
      createEvent(INVITATIONS_ACCEPTED, { ...grant, invitationId: 990_002, rootInvitationId: 990_002 }),
      generateIdentityKeyPair().privateKey,
    )
    for (const forged of [unsigned, selfSigned]) {
      const key = String((forged.data as InvitationAccepted).rootInvitationId)
      asOperator(
        redis,
        'XADD',
        'events:invitations.accepted.v1',
        '*',
        'key',
        key,
        'event',
        JSON.stringify(forged),
      )
    }
    // profiles read both and parked them in the dead-letter stream, without granting anything.
    const parked = () => asOperator(redis, 'XRANGE', 'events:invitations.accepted.v1.dlq', '-', '+')
    await expect.poll(parked, { timeout: 30_000, interval: 200 }).toContain(unsigned.id)
    expect(parked()).toContain(selfSigned.id)
    expect(await visibleTo(mallory.session)).not.toContain(profile.id)

    // The same grant made the real way, by sharing, reaches profiles in another process.
    const invitation = (await owner.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Real Guest',
      inviteeEmail: 'real.guest@example.test',
    })) as { token: string }
    const guest = new ApiSession(cluster.url)
    await guest.expect(200, 'POST', `/api/invitations/accept/${invitation.token}`, {
      password: 'real guest pass',
    })
    await expect.poll(() => visibleTo(guest), { timeout: 10_000, interval: 100 }).toContain(profile.id)
  }, 90_000)
})
