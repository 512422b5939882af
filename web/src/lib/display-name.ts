type NamedPerson = {
  firstName?: string | null
  lastName?: string | null
  name?: string | null
  username?: string | null
  email?: string | null
}

/** The spec's display name: first plus last name, else name, username or e-mail. */
export function displayName(person: NamedPerson): string {
  const fullName = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
  return fullName || person.name?.trim() || person.username?.trim() || person.email?.trim() || ''
}
