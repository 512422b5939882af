import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const eslint = new ESLint({ cwd: root })

async function crossings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'web/feature-boundaries')
    .map((m) => m.message)
}

describe("the web app's feature boundaries in lint", () => {
  it('refuses an import, a re-export or a dynamic import of another feature', async () => {
    const file = 'web/src/features/advice/components/probe.tsx'
    expect(
      await crossings(file, "import { x } from '../../sharing/api/get-invitations.ts'\nvoid x\n"),
    ).toEqual([expect.stringContaining("in the feature 'sharing'")])
    expect(
      await crossings(file, "export * from '../../profiles/api/get-accessible-profiles.ts'\n"),
    ).toHaveLength(1)
    expect(await crossings(file, "void import('../../admin/api/get-users.ts')\n")).toHaveLength(1)
  })

  it('lets a feature import itself, components/ and lib/', async () => {
    const file = 'web/src/features/advice/components/probe.tsx'
    const code = [
      "import { a } from '../api/search-profiles.ts'",
      "import { b } from '../../../lib/api-client.ts'",
      "import { c } from '../../../components/ui/link.tsx'",
      'void [a, b, c]',
      '',
    ].join('\n')
    expect(await crossings(file, code)).toEqual([])
  })

  it('holds for the app as it is', async () => {
    const results = await eslint.lintFiles(['web/src/features'])
    const found = results.flatMap((result) =>
      result.messages
        .filter((m) => m.ruleId === 'web/feature-boundaries')
        .map((m) => `${result.filePath}: ${m.message}`),
    )
    expect(found).toEqual([])
  })
})
