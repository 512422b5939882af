type SignedInUser = {
  firstName?: string | null
  lastName?: string | null
  name?: string | null
  username?: string | null
}

/**
 * The name searched for on arrival (docs/requirements.md section 6): first plus last name, else name, else a name derived
 * from a username of the form first_last@domain ('ana_lopez@x.test' → 'ana lopez').
 */
export function ownSearchName(user: SignedInUser): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
  if (fullName) return fullName
  if (user.name?.trim()) return user.name.trim()
  const local = (user.username ?? '').split('@')[0] ?? ''
  return local.split(/[_.]+/).filter(Boolean).join(' ').trim()
}
