import { PROFILE_NAME_MAX } from '@app/contracts/profiles'
import { z } from 'zod'

const Score = z.number().int().min(0).max(100)

/** The sliders and the optional name, within the bounds the profiles contract accepts. */
export const ScoreEntryFormSchema = z.object({
  name: z.string().max(PROFILE_NAME_MAX, { error: `Names are limited to ${PROFILE_NAME_MAX} characters` }),
  D: Score,
  I: Score,
  S: Score,
  C: Score,
})
