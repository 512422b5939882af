import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField, inputClasses } from '../../../components/ui/form.tsx'

/** The invitee's name and e-mail, as both the invitation form and the forward form ask for them. */
export function InviteeFields(props: {
  idPrefix: string
  labels: { name: string; email: string }
  name: UseFormRegisterReturn<'inviteeName'>
  email: UseFormRegisterReturn<'inviteeEmail'>
  errors: { name?: string | undefined; email?: string | undefined }
}) {
  return (
    <>
      <FormField id={`${props.idPrefix}-name`} label={props.labels.name} error={props.errors.name}>
        {(control) => (
          <input
            {...props.name}
            {...control}
            type="text"
            autoComplete="off"
            aria-required="true"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField id={`${props.idPrefix}-email`} label={props.labels.email} error={props.errors.email}>
        {(control) => (
          <input
            {...props.email}
            {...control}
            type="email"
            autoComplete="off"
            aria-required="true"
            className={inputClasses}
          />
        )}
      </FormField>
    </>
  )
}
