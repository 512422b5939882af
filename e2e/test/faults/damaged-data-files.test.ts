import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiSession } from '../../src/api.ts'

const root = resolve(import.meta.dirname, '../../..')
const dataDirectory = mkdtempSync(join(tmpdir(), 'damaged-data-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

const env = {
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDirectory,
  PORT: '0',
  ADMIN_EMAIL: 'damage@example.test',
  ADMIN_PASSWORD: 'damaged-data-admin-password',
}

/** Runs a script to its end (or to `Ready:`, for the product); returns its output and exit code. */
function run(script: string, untilReady = false) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk.toString()))
  child.stderr.on('data', (chunk) => (output += chunk.toString()))
  return new Promise<{ output: string; code: number | null; url?: string; stop: () => Promise<void> }>(
    (resolveRun, reject) => {
      const stop = async () => {
        if (child.exitCode !== null) return
        child.kill('SIGINT')
        await new Promise((resolveExit) => child.once('exit', resolveExit))
      }
      const timer = setTimeout(() => reject(new Error(`no end: ${output.slice(-2000)}`)), 40_000)
      child.once('exit', (code) => {
        clearTimeout(timer)
        resolveRun({ output, code, stop })
      })
      if (!untilReady) return
      const poll = setInterval(() => {
        const ready = /Ready: (http:\/\/)localhost(:\d+)/.exec(output)
        if (!ready && child.exitCode === null) return
        clearInterval(poll)
        if (!ready) return
        clearTimeout(timer)
        resolveRun({ output, code: null, url: ready.slice(1).join('127.0.0.1'), stop })
      }, 50)
    },
  )
}

async function signedInAdmin(url: string) {
  const admin = new ApiSession(url)
  await admin.login(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
  return admin
}

describe('a damaged data file of the product', () => {
  it('stops start-up naming the file and line; the repair command keeps a backup, drops that line, and the product starts', async () => {
    const first = await run('scripts/all-in-one.ts', true)
    const admin = await signedInAdmin(first.url!)
    const SAVES = 60
    for (let batch = 0; batch < SAVES / 10; batch += 1)
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          admin.expect(201, 'POST', '/api/assessments', {
            assessmentType: 'disc',
            dScore: 40,
            iScore: 30,
            sScore: 20,
            cScore: 10,
            name: `Saved ${batch * 10 + index}`,
          }),
        ),
      )
    await first.stop()

    // A crash in the middle of the last append: the file ends inside a record.
    const assessments = join(dataDirectory, 'profiles', 'assessments.db')
    const lines = readFileSync(assessments, 'utf8').split('\n').filter(Boolean).length
    const cutContent = readFileSync(assessments, 'utf8').slice(0, -25)
    truncateSync(assessments, statSync(assessments).size - 25)

    const refused = await run('scripts/all-in-one.ts', true)
    expect(refused.url).toBeUndefined()
    expect(refused.code).not.toBe(0)
    expect(refused.output).toContain(`${assessments}: line ${lines} is cut off`)
    expect(refused.output).toContain('npm run data:repair')
    expect(readFileSync(assessments, 'utf8')).toBe(cutContent) // nothing rewritten behind the operator's back

    const repair = await run('scripts/data-repair.ts')
    expect(repair.code).toBe(0)
    expect(repair.output).toContain(`${assessments}: kept a copy as ${assessments}.bak-`)
    expect(repair.output).toContain(`dropped line ${lines} is cut off`)
    const backups = readdirSync(join(dataDirectory, 'profiles')).filter((name) =>
      name.startsWith('assessments.db.bak-'),
    )
    expect(backups).toHaveLength(1)
    expect(readFileSync(join(dataDirectory, 'profiles', backups[0]!), 'utf8')).toBe(cutContent)

    const again = await run('scripts/all-in-one.ts', true)
    try {
      expect(again.url, again.output.slice(-2000)).toBeDefined()
      const adminAgain = await signedInAdmin(again.url!)
      const listed = (await adminAgain.expect(200, 'GET', '/api/accessible-profiles')) as unknown[]
      const saved = listed.filter((profile) => /"name":"Saved \d+"/.test(JSON.stringify(profile)))
      // Only the cut record is gone (compaction may have put an index line last, and then nothing is).
      expect(saved.length).toBeGreaterThanOrEqual(SAVES - 1)
      await adminAgain.expect(201, 'POST', '/api/assessments', {
        assessmentType: 'disc',
        dScore: 10,
        iScore: 20,
        sScore: 30,
        cScore: 40,
        name: 'After the repair',
      })
    } finally {
      await again.stop()
    }
    expect(existsSync(`${assessments}~`)).toBe(false)
  }, 120_000)

  it('a garbled line of the key-value journal stops start-up; the repair drops it and ends every session', async () => {
    const first = await run('scripts/all-in-one.ts', true)
    const untouched = await signedInAdmin(first.url!)
    const leaver = await signedInAdmin(first.url!)
    const leaverToken = leaver.sessionToken
    await leaver.expect(200, 'POST', '/api/auth/logout')
    await first.stop()

    // A bad disk or a bad copy garbles the line of that logout's revocation.
    const journal = join(dataDirectory, 'kv', 'journal.jsonl')
    const lines = readFileSync(journal, 'utf8').split('\n')
    const revocation = lines.findIndex((line) => line.includes('session:revoked:'))
    expect(revocation).toBeGreaterThanOrEqual(0)
    lines[revocation] = `#${lines[revocation]!.slice(1)}`
    writeFileSync(journal, lines.join('\n'))

    // Skipping the line would accept the ended session again: start-up stops and names it instead.
    const refused = await run('scripts/all-in-one.ts', true)
    expect(refused.url).toBeUndefined()
    expect(refused.output).toContain(`${journal}: line ${revocation + 1} is not a valid record`)
    expect(refused.output).toContain('npm run data:repair')

    const repair = await run('scripts/data-repair.ts')
    expect(repair.code).toBe(0)
    expect(repair.output).toContain(`${journal}: kept a copy as ${journal}.bak-`)
    expect(repair.output).toContain(`dropped line ${revocation + 1} is not a valid record`)
    expect(repair.output).toContain('every session now ends')

    const again = await run('scripts/all-in-one.ts', true)
    try {
      expect(again.url, again.output.slice(-2000)).toBeDefined()
      // Neither the ended session nor any other comes back; signing in again works.
      const replay = new ApiSession(again.url!)
      replay.useSessionToken(leaverToken)
      expect((await replay.call('GET', '/api/auth/me')).status).toBe(401)
      const before = new ApiSession(again.url!)
      before.useSessionToken(untouched.sessionToken)
      expect((await before.call('GET', '/api/auth/me')).status).toBe(401)
      const signedIn = await signedInAdmin(again.url!)
      await signedIn.expect(200, 'GET', '/api/auth/me')
    } finally {
      await again.stop()
    }
  }, 120_000)

  it('a garbled line of the audit log stops start-up naming it, like any damaged data file (decision 059)', async () => {
    const first = await run('scripts/all-in-one.ts', true)
    const admin = await signedInAdmin(first.url!)
    await expect
      .poll(async () => ((await admin.expect(200, 'GET', '/api/admin/audit')) as { total: number }).total)
      .toBeGreaterThan(0)
    await first.stop()

    const auditFile = join(dataDirectory, 'auth', 'audit_records.db')
    const lines = readFileSync(auditFile, 'utf8').split('\n')
    const signIn = lines.findIndex((line) => line.includes('sign-in.succeeded'))
    expect(signIn).toBeGreaterThanOrEqual(0)
    lines[signIn] = `#${lines[signIn]!.slice(1)}`
    writeFileSync(auditFile, lines.join('\n'))

    const refused = await run('scripts/all-in-one.ts', true)
    expect(refused.url).toBeUndefined()
    expect(refused.output).toContain(`${auditFile}: line ${signIn + 1} is not a valid record`)
    expect(refused.output).toContain('npm run data:repair')

    const repair = await run('scripts/data-repair.ts')
    expect(repair.code).toBe(0)
    expect(repair.output).toContain(`${auditFile}: kept a copy as ${auditFile}.bak-`)
    const again = await run('scripts/all-in-one.ts', true)
    try {
      expect(again.url, again.output.slice(-2000)).toBeDefined()
      await signedInAdmin(again.url!)
    } finally {
      await again.stop()
    }
  }, 120_000)
})
