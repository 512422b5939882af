import type { QuestionCategory } from '@app/contracts/questions'

/**
 * The quick questions a new installation starts with, six per audience. They ask what people in each
 * audience actually come to the product for, so that an administrator can keep them as they are.
 */
export const DEFAULT_QUESTIONS: Record<QuestionCategory, Array<[shortForm: string, detailed: string]>> = {
  self: [
    [
      'My natural strengths',
      'What are my greatest natural strengths at work, and how can I use them more deliberately in my current role?',
    ],
    [
      'My blind spots',
      'Which blind spots does my style tend to create, and what small habits would help me notice them early?',
    ],
    [
      'Handling stress',
      'How does stress usually show up for someone with my profile, and what helps me get back to my best?',
    ],
    [
      'Being understood',
      'How can I adapt the way I communicate so that people with very different styles hear me clearly?',
    ],
    [
      'Better decisions',
      'How do I tend to make decisions, and how can I make better ones when time is short?',
    ],
    [
      'A 90-day growth plan',
      'What would a realistic 90-day development plan look like for someone with my profile?',
    ],
  ],
  parents: [
    [
      'Connecting with my child',
      'How can I connect with my child in a way that suits their personality style?',
    ],
    [
      'What motivates them',
      'What motivates a child with this profile, and how can I encourage effort without nagging?',
    ],
    [
      'Calmer disagreements',
      'How should I handle disagreements with this child so that we both stay calm and feel heard?',
    ],
    [
      'Praise and correction',
      'How should I give praise and correction so that this child really takes it in?',
    ],
    [
      'Homework and routines',
      'Which homework habits and daily routines are most likely to work for a child with this style?',
    ],
    [
      'Deciding as a family',
      'How can our family talk through decisions together when our personality styles are different?',
    ],
  ],
  educators: [
    ['Keeping them engaged', 'How can I keep this student engaged and participating in class?'],
    ['How they learn best', "Which teaching methods and activities suit this student's learning style best?"],
    [
      'Group work',
      'Which role suits this student in group work, and how do I help them work well with classmates?',
    ],
    [
      'Feedback that lands',
      'How should I give this student feedback on their work so that it motivates rather than discourages?',
    ],
    [
      'Challenging moments',
      'How can I respond constructively when this student is frustrated, withdrawn or disruptive?',
    ],
    [
      'Talking with parents',
      "How can I describe this student's strengths and growth areas to their parents in a helpful way?",
    ],
  ],
  employers: [
    ['Managing them well', 'How can I manage this person effectively and bring out their best work?'],
    [
      'Motivation and recognition',
      'What motivates this person at work, and how do they prefer to be recognised?',
    ],
    [
      'One-to-one meetings',
      'How should I structure one-to-one meetings and feedback conversations with this person?',
    ],
    ['Roles that fit', "Which responsibilities and team roles play to this person's strengths?"],
    [
      'Resolving conflict',
      'How can I resolve a conflict with this person, or between them and a colleague, constructively?',
    ],
    ['Growing their career', 'Which development opportunities would help this person grow in their career?'],
  ],
}
