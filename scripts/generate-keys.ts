// `npm run keys:generate`: fresh Ed25519 key pairs for every signer (the gateway, each service that calls
// another, INTERNAL_CALLS, and each that publishes events, EVENT_PUBLISHERS), and sharing's INVITATION_TOKEN_KEY, printed as a block ready for
// `.env`, `k8s/secrets.env` or, with `--helm`, a values file of charts/app. Nothing is written to disk; redirect
// the output yourself.
import { fileURLToPath } from 'node:url'
import { generateIdentityKeyPair } from '@app/kit/identity'
import { SIGNERS, type Caller } from '@app/kit/services'
import { randomSecret } from './secrets.ts'

export { SIGNERS }

export type KeyPairs = Record<Caller, { privateKey: string; publicKey: string }>

export function generateKeyPairs(signers: readonly Caller[] = SIGNERS): Partial<KeyPairs> {
  return Object.fromEntries(signers.map((signer) => [signer, generateIdentityKeyPair()]))
}

/** The symmetric secrets printed with the keys, generated as the embedded modes do (scripts/secrets.ts). */
export interface GeneratedSecrets {
  /** Seals invitation tokens at rest; the sharing service alone holds it (decision record 012). */
  INVITATION_TOKEN_KEY: string
}

export function generateSecrets(): GeneratedSecrets {
  return { INVITATION_TOKEN_KEY: randomSecret() }
}

/** One line per key: PEM with its line breaks written as `\n`, as env files (compose, kustomize) carry them. */
export function envBlock(pairs: Partial<KeyPairs>, secrets: GeneratedSecrets = generateSecrets()): string {
  const oneLine = (pem: string) => pem.trim().replaceAll('\n', String.raw`\n`)
  const lines = Object.entries(pairs).flatMap(([signer, pair]) => [
    `${signer.toUpperCase()}_PRIVATE_KEY=${oneLine(pair.privateKey)}`,
    `${signer.toUpperCase()}_PUBLIC_KEY=${oneLine(pair.publicKey)}`,
  ])
  return [
    '# Identity keys (Ed25519). Only the gateway may hold GATEWAY_PRIVATE_KEY; each calling service only its own.',
    ...lines,
    '# Seals invitation tokens at rest (sharing only).',
    `INVITATION_TOKEN_KEY=${secrets.INVITATION_TOKEN_KEY}`,
    '',
  ].join('\n')
}

/**
 * The `secrets:` block of a charts/app values file (secrets.<signer>PrivateKey, secrets.<signer>PublicKey and
 * secrets.invitationTokenKey).
 */
export function helmValues(pairs: Partial<KeyPairs>, secrets: GeneratedSecrets = generateSecrets()): string {
  const literal = (pem: string) =>
    pem
      .trim()
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n')
  const entries = Object.entries(pairs).flatMap(([signer, pair]) => [
    `  ${signer}PrivateKey: |\n${literal(pair.privateKey)}`,
    `  ${signer}PublicKey: |\n${literal(pair.publicKey)}`,
  ])
  return [
    '# Identity keys of charts/app; keep this file out of version control.',
    'secrets:',
    ...entries,
    `  invitationTokenKey: ${secrets.INVITATION_TOKEN_KEY}`,
    '',
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  const unknown = args.filter((arg) => arg !== '--helm')
  if (unknown.length > 0) {
    process.stderr.write(`Unknown argument ${unknown.join(' ')}. Usage: npm run keys:generate [-- --helm]\n`)
    process.exit(2)
  }
  const pairs = generateKeyPairs()
  process.stdout.write(args.includes('--helm') ? helmValues(pairs) : envBlock(pairs))
}
