import { z } from 'zod'

const Required = z.string().trim().min(1)
// The spec's parse checks only that a score is a number; the service refuses one outside 0 to 100.
const Score = z.number()

/** The Single User form: names and e-mail not blank, four numeric scores (docs/requirements.md section 5, Single add). */
export const SingleUserFormSchema = z.object({
  firstName: Required,
  lastName: Required,
  email: Required,
  dScore: Score,
  iScore: Score,
  sScore: Score,
  cScore: Score,
})
