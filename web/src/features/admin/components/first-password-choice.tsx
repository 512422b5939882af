import type { FirstPassword, ImportOptions } from '@app/contracts/imports'
import { useId } from 'react'
import { labelClasses } from '../../../components/ui/form.tsx'

/**
 * How the imported people get their first password (docs/decisions/024-random-first-passwords.md): a
 * generated password shown once, or, where e-mail is configured, a link mailed to each to set their own.
 */
export function FirstPasswordChoice({
  options,
  value,
  onChange,
  disabled,
}: {
  options: ImportOptions | undefined
  value: FirstPassword
  onChange: (value: FirstPassword) => void
  disabled: boolean
}) {
  const name = useId()
  const linkHintId = useId()
  const linksOffered = options?.setPasswordLinks === true
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className={labelClasses}>First passwords</legend>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="radio"
          name={name}
          value="generated"
          checked={value === 'generated'}
          onChange={() => onChange('generated')}
          className="mt-1"
        />
        <span>
          {options === undefined
            ? 'Generate a password for each person.'
            : options.passwordFormat === 'spec'
              ? "Generate each password with the spec's formula: # + first name + last name + the last name's length. Anyone who knows a name can compute it."
              : 'Generate a random password for each person.'}{' '}
          Shown once, in the result and its download; each person must change it at the first login.
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="radio"
          name={name}
          value="link"
          checked={value === 'link'}
          onChange={() => onChange('link')}
          disabled={!linksOffered}
          aria-describedby={linkHintId}
          className="mt-1"
        />
        <span>
          E-mail each person a link to set their own password. The link works once and expires after one hour;
          the download lists &lsquo;link sent&rsquo; instead of a password.
          <span id={linkHintId} className="block text-slate-600">
            {linksOffered
              ? 'E-mail is configured.'
              : 'Needs e-mail: the platform sends none until SMTP_URL is set.'}
          </span>
        </span>
      </label>
    </fieldset>
  )
}
