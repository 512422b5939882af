import type { SaveAssessmentRequest } from '@app/contracts/profiles'
import { DISC_SLIDERS, DISC_STYLES } from '@app/domain/content/disc-styles'
import { answersFromScores, primaryType, type DiscScores, type DiscType } from '@app/domain/disc'
import { paths } from '@app/domain/spa-routes'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormField, inputClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'

export type SaveAssessment = (request: SaveAssessmentRequest) => Promise<unknown>

/** The spec's slider constants (section 9). */
export const SCORE_MIN = 0
export const SCORE_MAX = 100
export const SCORE_STEP = 1
export const SCORE_DEFAULT = 50

const ACCENTS: Record<DiscType, { slider: string; dot: string }> = {
  D: { slider: 'accent-red-600', dot: 'bg-red-600' },
  // amber-500 is so light that Chromium draws the empty track dark under it; amber-600 keeps it light.
  I: { slider: 'accent-amber-600', dot: 'bg-amber-500' },
  S: { slider: 'accent-emerald-600', dot: 'bg-emerald-600' },
  C: { slider: 'accent-blue-600', dot: 'bg-blue-600' },
}

type ScoreEntryValues = DiscScores & { name: string }

const INITIAL_VALUES: ScoreEntryValues = {
  name: '',
  D: SCORE_DEFAULT,
  I: SCORE_DEFAULT,
  S: SCORE_DEFAULT,
  C: SCORE_DEFAULT,
}

const resolver = schemaResolver<ScoreEntryValues>(
  async () => (await import('../score-form-schema.ts')).ScoreEntryFormSchema,
)

/** The saved-assessment payload of docs/requirements.md section 7: exactly four answers derived from the scores. */
export function scoreEntryRequest(scores: DiscScores, name: string): SaveAssessmentRequest {
  const trimmed = name.trim()
  return {
    timestamp: new Date().toISOString(),
    assessmentType: 'disc',
    dScore: scores.D,
    iScore: scores.I,
    sScore: scores.S,
    cScore: scores.C,
    primaryType: primaryType(scores),
    scoresData: null,
    answers: answersFromScores(scores),
    userId: null,
    ...(trimmed ? { name: trimmed } : {}),
  }
}

/** Four sliders and an optional name; saving interprets the scores and moves on to My Profile. */
export function ScoreEntryForm({ onSave }: { onSave: SaveAssessment }) {
  const navigate = useNavigate()
  const { toast } = useToast()
  const { register, handleSubmit, watch, formState } = useForm<ScoreEntryValues>({
    resolver,
    defaultValues: INITIAL_VALUES,
  })
  useSchemaPreload(resolver)
  const [saved, setSaved] = useState(false)
  const [D, I, S, C] = watch(['D', 'I', 'S', 'C'])
  const scores: DiscScores = { D, I, S, C }
  const primary = DISC_STYLES[primaryType(scores)]

  async function submit({ name, ...values }: ScoreEntryValues) {
    try {
      await onSave(scoreEntryRequest(values, name))
      setSaved(true)
      toast({ title: 'Scores Saved!', description: 'Your DISC scores have been interpreted and saved.' })
      navigate(paths.history)
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to save your scores. Please try again.',
        variant: 'destructive',
      })
    }
  }

  // Saving stays shown from the click until the page moves on; a failure gives the button back.
  const saving = formState.isSubmitting || saved
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-8">
      <FormField
        id="scores-name"
        label="Your Name (Optional)"
        hint="Leave it empty to save the scores under the name on your account."
        error={formState.errors.name?.message}
      >
        {(control) => (
          <input
            {...register('name')}
            {...control}
            type="text"
            autoComplete="name"
            maxLength={100}
            className={inputClasses}
          />
        )}
      </FormField>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Your scores (0 to 100)</legend>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          {DISC_SLIDERS.map((slider) => {
            const id = `scores-${slider.type}`
            return (
              <div key={slider.type} className="rounded-xl border border-slate-200 p-4">
                <div className="flex items-center justify-between gap-3">
                  <label
                    htmlFor={id}
                    className="flex items-center gap-2 text-sm font-semibold text-slate-900"
                  >
                    <span
                      aria-hidden="true"
                      className={`size-2.5 rounded-full ${ACCENTS[slider.type].dot}`}
                    />
                    {slider.label}
                  </label>
                  <output
                    htmlFor={id}
                    className="min-w-12 rounded-md bg-slate-100 px-2 py-0.5 text-right text-sm font-semibold text-slate-900 tabular-nums"
                  >
                    {scores[slider.type]}
                  </output>
                </div>
                <p id={`${id}-description`} className="mt-1 text-xs text-slate-600">
                  {slider.description}
                </p>
                <input
                  id={id}
                  {...register(slider.type, { valueAsNumber: true })}
                  type="range"
                  min={SCORE_MIN}
                  max={SCORE_MAX}
                  step={SCORE_STEP}
                  aria-describedby={`${id}-description`}
                  className={`mt-3 w-full cursor-pointer ${ACCENTS[slider.type].slider}`}
                />
                <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
                  <span>{SCORE_MIN}</span>
                  <span>{SCORE_MAX}</span>
                </div>
              </div>
            )
          })}
        </div>
      </fieldset>

      <div className="flex flex-col gap-4 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Primary style with these scores:{' '}
          <span className="font-semibold text-slate-900">
            {primary.name} ({primary.type})
          </span>
        </p>
        <button type="submit" disabled={saving} className={buttonClasses('primary', 'lg')}>
          {saving && <ButtonSpinner />}
          {saving ? 'Saving...' : 'Get Your Personalized Advice'}
        </button>
      </div>
    </form>
  )
}
