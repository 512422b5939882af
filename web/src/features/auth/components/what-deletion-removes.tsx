/** What a deletion removes, as auth, profiles, sharing and import carry it out (docs/decisions/061-account-deletion.md). */
const WHAT_GOES = [
  'Your account: you are signed out everywhere and can no longer sign in.',
  'Every profile you saved, with its answers and scores.',
  'The invitations you sent: everyone you shared with, and everyone they passed it on to, loses access at once.',
  'The access others shared with you, and the invitations sent to you.',
  'Your name and e-mail address in import reports and in what others see of their sharing.',
]

/** The list shown wherever a deletion is confirmed: the account's section and the mailed link's page. */
export function WhatDeletionRemoves() {
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">This cannot be undone. Deleting your account removes:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {WHAT_GOES.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  )
}
