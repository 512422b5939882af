/** How the sharing pages name a guest's role. */
export const GUEST_ROLE_LABELS = {
  guest_standard: 'View only',
  guest_owner: 'View and share',
} as const

/** A stored time as the sharing pages show it; a value that is not a date is shown as it is. */
export function formatWhen(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}
