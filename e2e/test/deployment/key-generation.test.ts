import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { env } from '@app/kit/config'
import { publicKeyOf } from '@app/kit/identity'
import { envBlock, generateKeyPairs, helmValues, SIGNERS } from '../../../scripts/generate-keys.ts'
import { isRecord, parseYaml, read, root, signers } from './workspace.ts'

/** `KEY=value` lines of an env file, comments and blank lines left out. */
const envLines = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )

/** The key variables docker-compose reads from .env: the identity keys and the invitation token key. */
const composeKeys = [
  ...read('docker-compose.yml').matchAll(/\$\{([A-Z]+_(?:PRIVATE|PUBLIC)_KEY|INVITATION_TOKEN_KEY)/g),
].map((match) => match[1]!)

describe('npm run keys:generate', () => {
  it('signs for the gateway and every calling service of INTERNAL_CALLS', () => {
    expect(SIGNERS).toEqual(signers)
  })

  it('prints one-line PEM pairs that the configuration accepts, each public key the half of its private key', () => {
    const lines = envLines(envBlock(generateKeyPairs()))
    expect(Object.keys(lines).sort()).toEqual([...new Set(composeKeys)].sort())
    for (const signer of SIGNERS) {
      const privateKey = env.privateKey.safeParse(lines[`${signer.toUpperCase()}_PRIVATE_KEY`])
      const publicKey = env.publicKey.safeParse(lines[`${signer.toUpperCase()}_PUBLIC_KEY`])
      expect(privateKey.success && publicKey.success, signer).toBe(true)
      expect(publicKeyOf(privateKey.data!)).toBe(publicKey.data)
      // A public key line must never carry the private half.
      expect(env.publicKey.safeParse(lines[`${signer.toUpperCase()}_PRIVATE_KEY`]).success).toBe(false)
    }
    for (const value of Object.values(lines)) expect(value).not.toContain('\n')
    expect(env.secret.safeParse(lines.INVITATION_TOKEN_KEY).success).toBe(true)
  })

  it('gives every signer a pair of its own', () => {
    const lines = Object.values(envLines(envBlock(generateKeyPairs())))
    expect(new Set(lines).size).toBe(lines.length)
  })

  it('prints, with --helm, the secrets.* values of the chart', () => {
    const values = parseYaml(helmValues(generateKeyPairs())) as { secrets: Record<string, string> }
    const chart = parseYaml(read('charts/app/values.yaml')) as { secrets: Record<string, unknown> }
    for (const [name, value] of Object.entries(values.secrets)) {
      expect(isRecord(chart.secrets) && name in chart.secrets, name).toBe(true)
      const schema =
        name === 'invitationTokenKey'
          ? env.secret
          : name.endsWith('PrivateKey')
            ? env.privateKey
            : env.publicKey
      expect(schema.safeParse(value).success, name).toBe(true)
    }
    expect(Object.keys(values.secrets)).toHaveLength(SIGNERS.length * 2 + 1)
  })

  it('runs as a command and refuses an unknown argument', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/generate-keys.ts'), ...args], {
        cwd: root,
        encoding: 'utf8',
      })
    const result = run([])
    expect(result.stderr).toBe('')
    expect(Object.keys(envLines(result.stdout))).toHaveLength(SIGNERS.length * 2 + 1)
    const wrong = run(['--yaml'])
    expect(wrong.status).toBe(2)
    expect(wrong.stderr).toContain('--yaml')
  })
})
