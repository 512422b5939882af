/** The Ask page's four audiences, as the questions catalog names them (parents is its Family button). */
export type AudienceCategory = 'self' | 'parents' | 'educators' | 'employers'

/** The audiences as the Ask page names them, and the profile report heads its pages; 'Family' is `parents`. */
export const AUDIENCE_LABELS: Record<AudienceCategory, string> = {
  self: 'Self',
  parents: 'Family',
  educators: 'Educators',
  employers: 'Employers',
}

export interface Audience {
  /** Who is asking, in a phrase: "as their parent". */
  role: string
  /** Where the advice applies: "at home". */
  setting: string
  /** The topic a question with no clearer topic falls back to. */
  defaultTopic: string
  /** A closing thought that fits the audience, with {name}. */
  closing: string
}

/** The four audiences of the Ask page (docs/requirements.md section 2); 'parents' is the page's Family button. */
export const AUDIENCES: Record<AudienceCategory, Audience> = {
  self: {
    role: 'for yourself',
    setting: 'at work and beyond',
    defaultTopic: 'general',
    closing: 'Styles describe preferences, not limits: every one of these habits can be learned.',
  },
  parents: {
    role: 'as a parent',
    setting: 'at home',
    defaultTopic: 'parenting',
    closing:
      'Children grow into and out of patterns, so treat this as a starting point for noticing what works for {name}.',
  },
  educators: {
    role: 'as an educator',
    setting: 'in the classroom',
    defaultTopic: 'teaching',
    closing: 'The most useful data is still what you observe, so try one idea and watch how {name} responds.',
  },
  employers: {
    role: 'as a manager',
    setting: 'at work',
    defaultTopic: 'teamwork',
    closing:
      'Check these ideas with {name} directly: asking how they like to work is itself a strong signal of respect.',
  },
}

/** On every answer: the product's stance on its own limits. */
export const HIRING_NOTE =
  'Note: this guidance comes from a short self-assessment and is meant for coaching and conversation, not for hiring, promotion or other employment decisions.'
