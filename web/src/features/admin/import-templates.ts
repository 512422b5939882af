import { DISC_IMPORT_COLUMNS, PREVUE_IMPORT_COLUMNS } from '@app/domain/import-rows'
import type { CsvImportKind } from './api/import-csv.ts'

/** What each import type's page shows: the sample file and the steps. */
export const IMPORT_TEMPLATES: Record<
  CsvImportKind,
  { label: string; sample: string; steps: readonly string[] }
> = {
  disc: {
    label: 'DISC',
    sample: [
      DISC_IMPORT_COLUMNS.join(','),
      'John,Smith,john.smith@example.com,80,60,40,20',
      'Maria,Garcia,maria.garcia@example.com,35,85,55,40',
    ].join('\n'),
    steps: [
      'Prepare a CSV file whose first row is the header above: firstName, lastName, email and the four DISC scores.',
      'Give each score as a number from 0 to 100. The highest score is the primary type; a tie keeps the earlier of D, I, S, C.',
      'Paste the whole file, header row included, into the text area and choose Import Data.',
      'Save the generated credentials when the import finishes: the passwords are shown only once.',
    ],
  },
  prevue: {
    label: 'Prevue',
    sample: [
      PREVUE_IMPORT_COLUMNS.join(','),
      `John,Smith,john.smith@example.com,${[7, 6, 8, 5, 7, 4, 3, 6, 5, 7, 6, 4, 5, 8, 3, 7, 6, 5, 6, 5].join(',')}`,
    ].join('\n'),
    steps: [
      'Prepare a CSV file whose first row is the header above: FirstName, LastName, Email and the 20 sten columns, spelled exactly as shown.',
      'Give each sten score as a number from 1 to 10: 4 abilities, 3 motivations and 13 personality dimensions.',
      'Paste the whole file, header row included, into the text area and choose Import Data.',
      'Save the generated credentials when the import finishes: the passwords are shown only once.',
    ],
  },
}
