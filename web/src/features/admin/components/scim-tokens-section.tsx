import type { CreatedScimToken } from '@app/contracts/scim-tokens'
import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert, inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useCreateScimToken } from '../api/create-scim-token.ts'
import { useRevokeScimToken } from '../api/revoke-scim-token.ts'
import { useScimTokens } from '../api/get-scim-tokens.ts'
import { serverMessage } from '../import-errors.ts'

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never')

/** The token just created, shown this once with the SCIM address to give the identity provider. */
function NewToken({ created, onDone }: { created: CreatedScimToken; onDone: () => void }) {
  const tokenId = useId()
  return (
    <section
      aria-labelledby={`${tokenId}-title`}
      className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4"
    >
      <h3 id={`${tokenId}-title`} className="text-base font-semibold text-emerald-900">
        Token created for {created.label}
      </h3>
      <p className="text-sm text-emerald-900">
        Copy it now into your identity provider: it will not be shown again. The tenant URL is{' '}
        <code className="rounded bg-white px-1">{`${window.location.origin}/scim/v2`}</code>.
      </p>
      <label htmlFor={tokenId} className={labelClasses}>
        Secret token
      </label>
      <input id={tokenId} readOnly value={created.token} className={`${inputClasses} font-mono`} />
      <button type="button" className={buttonClasses('secondary', 'sm')} onClick={onDone}>
        Done
      </button>
    </section>
  )
}

/** Create, list and revoke the SCIM clients' bearer tokens (docs/decisions/064-scim-provisioning.md). */
export function ScimTokensSection() {
  const tokens = useScimTokens()
  const create = useCreateScimToken()
  const revoke = useRevokeScimToken()
  const { toast } = useToast()
  const [label, setLabel] = useState('')
  const [created, setCreated] = useState<CreatedScimToken | null>(null)
  const labelId = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate(label, {
      onSuccess: (token) => {
        setCreated(token)
        setLabel('')
      },
    })
  }

  function revokeToken(id: string, name: string) {
    revoke.mutate(id, {
      onSuccess: () =>
        toast({ title: 'Token revoked', description: `${name} can no longer provision accounts` }),
      onError: (error) =>
        toast({
          title: 'Revoke Failed',
          description: serverMessage(error) ?? 'Failed to revoke the token',
          variant: 'destructive',
        }),
    })
  }

  return (
    <div className="space-y-8">
      {created && <NewToken created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor={labelId} className={labelClasses}>
          Client name
        </label>
        <input
          id={labelId}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          placeholder="Microsoft Entra ID"
          maxLength={100}
          className={inputClasses}
        />
        {create.isError && (
          <FormAlert>{serverMessage(create.error) ?? 'Failed to create the token'}</FormAlert>
        )}
        <button type="submit" disabled={create.isPending} className={buttonClasses('primary')}>
          {create.isPending && <ButtonSpinner />}
          Create token
        </button>
      </form>
      <section aria-labelledby={`${labelId}-list`}>
        <h3 id={`${labelId}-list`} className="text-lg font-semibold text-slate-900">
          Tokens in force
        </h3>
        {tokens.isPending && <p className="mt-2 text-sm text-slate-600">Loading tokens...</p>}
        {tokens.isError && <FormAlert>Failed to load the tokens</FormAlert>}
        {tokens.data?.length === 0 && <p className="mt-2 text-sm text-slate-600">No SCIM tokens yet.</p>}
        {tokens.data && tokens.data.length > 0 && (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Client
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Created
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Last used
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {tokens.data.map((token) => (
                <tr key={token.id}>
                  <td className="py-2 pr-3 text-slate-900">{token.label}</td>
                  <td className="py-2 pr-3 text-slate-700">{dateTime(token.createdAt)}</td>
                  <td className="py-2 pr-3 text-slate-700">{dateTime(token.lastUsedAt)}</td>
                  <td className="py-2 text-right">
                    <button
                      type="button"
                      className={buttonClasses('secondary', 'sm')}
                      disabled={revoke.isPending}
                      onClick={() => revokeToken(token.id, token.label)}
                    >
                      Revoke<span className="sr-only"> {token.label}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}
