import type { z } from 'zod'
import type { ExportNotKeptSchema } from '@app/contracts/account-export'

/** What the product does not keep, said in data.json and README.txt (docs/decisions/060-download-my-data.md). */
export const NOT_KEPT: z.infer<typeof ExportNotKeptSchema> = {
  quickQuestions:
    'Quick questions are shared lists that administrators edit; the product does not record who wrote ' +
    'or changed each one, so none can be listed as yours.',
  aiQuestions:
    'The AI advisor keeps no question you ask and no answer it gives. It counts your questions for a few ' +
    'minutes to limit their rate (a number, no text). With an external AI provider configured, each ' +
    'question is sent to that provider under its own terms.',
}

/** README.txt: what each file holds, in plain words. */
export function readmeText(exportedAt: Date): string {
  return [
    'Your data from Prevue DISC Insights',
    `Exported ${exportedAt.toISOString()}`,
    '',
    'data.json           Everything below in one machine-readable document; its schema is on the',
    '                    API documentation page (GET /api/account/export, x-archive-files).',
    'account.csv         Your account. Your password is never stored in plain text and is not included,',
    '                    nor its hash, nor any reset or invitation token.',
    'profiles.csv        Every profile you own, with its scores and the answers of its assessment.',
    'invitations.csv     The invitations you sent (as owner, or forwarding) and those you accepted.',
    'access.csv          Who can see your profiles, or could: through whom, since and until when.',
    'access-history.csv  Every invitation, acceptance and revoke of access to your profiles, in order.',
    '',
    `Quick questions: ${NOT_KEPT.quickQuestions}`,
    `AI questions: ${NOT_KEPT.aiQuestions}`,
    '',
    "CSV files are UTF-8. A cell that a spreadsheet would read as a formula starts with a quote (').",
    '',
  ].join('\r\n')
}
