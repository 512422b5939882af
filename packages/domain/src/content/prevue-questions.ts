import type { PrevueOptionScores } from '../prevue.ts'

export interface PrevueOption {
  /** Saved in the profile's answers, so it stays stable once published. */
  value: string
  label: string
  description: string
  /** Sten scores (1 to 10) this choice contributes to each dimension it speaks to. */
  scores: PrevueOptionScores
}

export interface PrevueQuestion {
  id: number
  question: string
  imageSrc: string
  imageAlt: string
  options: PrevueOption[]
}

/** The eight Prevue questions; together their options score every one of the 20 dimensions. */
export const PREVUE_QUESTIONS: PrevueQuestion[] = [
  {
    id: 1,
    question: 'A complex problem lands on your desk. Which approach feels most natural?',
    imageSrc: '/assessment/prevue-1.svg',
    imageAlt: 'A light bulb surrounded by a bar chart, a page of lines and a cube',
    options: [
      {
        value: 'prevue-1-numbers',
        label: 'Run the numbers',
        description: 'Break it down into figures, estimates and calculations.',
        scores: { workingWithNumbers: 9, generalAbility: 7, workingWithData: 7 },
      },
      {
        value: 'prevue-1-words',
        label: 'Write it out',
        description: 'Draft a clear summary of the issue and the options.',
        scores: { workingWithWords: 9, generalAbility: 7 },
      },
      {
        value: 'prevue-1-shapes',
        label: 'Sketch it',
        description: 'Draw a diagram or model to see how the parts connect.',
        scores: { workingWithShapes: 9, generalAbility: 7 },
      },
      {
        value: 'prevue-1-hands-on',
        label: 'Try it hands-on',
        description: 'Build a quick prototype and learn by doing.',
        scores: {
          workingWithThings: 8,
          workingWithShapes: 6,
          generalAbility: 5,
          spontaneousConscientious: 4,
        },
      },
    ],
  },
  {
    id: 2,
    question: 'You have a free afternoon. Which task would you pick first?',
    imageSrc: '/assessment/prevue-2.svg',
    imageAlt: 'Three panels showing a person, a chart and a wrench',
    options: [
      {
        value: 'prevue-2-coach',
        label: 'Coach a new colleague',
        description: 'Help someone find their feet and answer their questions.',
        scores: { workingWithPeople: 9, workingWithData: 3, workingWithThings: 3 },
      },
      {
        value: 'prevue-2-analyse',
        label: 'Analyse a data set',
        description: 'Clean up a spreadsheet and look for trends worth reporting.',
        scores: { workingWithData: 9, workingWithNumbers: 7, workingWithPeople: 3 },
      },
      {
        value: 'prevue-2-equipment',
        label: 'Set up new equipment',
        description: 'Unbox, assemble and test the tools the team will rely on.',
        scores: { workingWithThings: 9, workingWithShapes: 7, workingWithPeople: 3 },
      },
      {
        value: 'prevue-2-guide',
        label: 'Rewrite the onboarding guide',
        description: 'Turn scattered notes into a document newcomers will actually read.',
        scores: { workingWithWords: 8, workingWithPeople: 6, workingWithData: 5 },
      },
    ],
  },
  {
    id: 3,
    question: 'Your team disagrees about the direction of a project. What do you do?',
    imageSrc: '/assessment/prevue-3.svg',
    imageAlt: 'Two arrows pointing in different directions from a group of colleagues',
    options: [
      {
        value: 'prevue-3-argue',
        label: 'Argue firmly for my view',
        description: 'Make the strongest case I can and persuade the others.',
        scores: { submissiveAssertive: 9, cooperativeCompetitive: 8, diplomaticIndependent: 7 },
      },
      {
        value: 'prevue-3-broker',
        label: 'Broker an agreement',
        description: 'Find the points everyone can accept and build on them.',
        scores: { diplomaticIndependent: 2, cooperativeCompetitive: 3, submissiveAssertive: 5 },
      },
      {
        value: 'prevue-3-majority',
        label: 'Go with the majority',
        description: 'The team moving together matters more than my preference.',
        scores: { submissiveAssertive: 2, cooperativeCompetitive: 2, selfSufficientGroupOriented: 8 },
      },
      {
        value: 'prevue-3-test',
        label: 'Test both options myself',
        description: 'Work through each direction on my own and report back.',
        scores: { diplomaticIndependent: 9, selfSufficientGroupOriented: 2, submissiveAssertive: 6 },
      },
    ],
  },
  {
    id: 4,
    question: 'A deadline is three weeks away. How do you plan the work?',
    imageSrc: '/assessment/prevue-4.svg',
    imageAlt: 'A clipboard with a checklist, some items ticked, beside a clock',
    options: [
      {
        value: 'prevue-4-schedule',
        label: 'A detailed schedule from day one',
        description: 'Milestones, buffers and a daily plan I can track.',
        scores: { spontaneousConscientious: 9, reactiveOrganized: 9, innovativeConventional: 6 },
      },
      {
        value: 'prevue-4-rough',
        label: 'A rough plan I adjust as I go',
        description: 'Enough structure to start, with room to change course.',
        scores: { spontaneousConscientious: 5, reactiveOrganized: 5, innovativeConventional: 4 },
      },
      {
        value: 'prevue-4-late',
        label: 'A burst of focus near the end',
        description: 'I do my sharpest work when the deadline is close.',
        scores: { spontaneousConscientious: 2, reactiveOrganized: 2, excitableRelaxed: 6 },
      },
      {
        value: 'prevue-4-proven',
        label: 'The process that worked last time',
        description: 'Reuse a proven routine rather than reinvent it.',
        scores: { innovativeConventional: 9, reactiveOrganized: 7, spontaneousConscientious: 7 },
      },
    ],
  },
  {
    id: 5,
    question: 'After a demanding week, how do you prefer to recharge?',
    imageSrc: '/assessment/prevue-5.svg',
    imageAlt: 'A small group of people chatting beside a single person reading in an armchair',
    options: [
      {
        value: 'prevue-5-party',
        label: 'A lively evening with a crowd',
        description: 'Meeting new people and catching up with many friends at once.',
        scores: { introvertExtrovert: 9, reservedOutgoing: 9, selfSufficientGroupOriented: 7 },
      },
      {
        value: 'prevue-5-dinner',
        label: 'Dinner with one or two close friends',
        description: 'Good company and a conversation with some depth.',
        scores: { introvertExtrovert: 5, reservedOutgoing: 5, selfSufficientGroupOriented: 6 },
      },
      {
        value: 'prevue-5-alone',
        label: 'Quiet time on my own',
        description: 'A book, a walk or a personal project, without interruptions.',
        scores: { introvertExtrovert: 2, reservedOutgoing: 2, selfSufficientGroupOriented: 2 },
      },
      {
        value: 'prevue-5-team-sport',
        label: 'A team sport or group class',
        description: 'Shared effort towards a common goal, with people I know.',
        scores: { selfSufficientGroupOriented: 9, introvertExtrovert: 7, reservedOutgoing: 6 },
      },
    ],
  },
  {
    id: 6,
    question: 'An important presentation is moved forward by two days. How do you react?',
    imageSrc: '/assessment/prevue-6.svg',
    imageAlt: 'A presentation screen with a calendar page being pulled forward',
    options: [
      {
        value: 'prevue-6-stride',
        label: 'Take it in my stride',
        description: 'Reprioritise calmly; there is still time to do it well.',
        scores: { emotionalStable: 9, restlessPoised: 8, excitableRelaxed: 8 },
      },
      {
        value: 'prevue-6-push',
        label: 'Feel the pressure, then push through',
        description: 'A moment of stress, followed by steady focus.',
        scores: { emotionalStable: 5, restlessPoised: 5, excitableRelaxed: 4 },
      },
      {
        value: 'prevue-6-worry',
        label: 'Find it hard to switch off',
        description: 'It stays on my mind until the presentation is over.',
        scores: { emotionalStable: 2, restlessPoised: 3, excitableRelaxed: 2 },
      },
      {
        value: 'prevue-6-energised',
        label: 'Get energised and speed up',
        description: 'The challenge gives me a jolt of energy; I can hardly sit still.',
        scores: { emotionalStable: 7, restlessPoised: 2, excitableRelaxed: 3, submissiveAssertive: 7 },
      },
    ],
  },
  {
    id: 7,
    question: 'Your organisation introduces a new way of working. What is your first reaction?',
    imageSrc: '/assessment/prevue-7.svg',
    imageAlt: 'A new path branching away from a familiar road, marked by a signpost',
    options: [
      {
        value: 'prevue-7-experiment',
        label: 'Keen to experiment',
        description: 'New methods are a chance to find something better.',
        scores: { innovativeConventional: 2, spontaneousConscientious: 4, restlessPoised: 4 },
      },
      {
        value: 'prevue-7-evidence',
        label: 'Open, once I see the evidence',
        description: 'Show me the results from a trial and I will adopt it.',
        scores: { innovativeConventional: 5, generalAbility: 7, workingWithData: 7 },
      },
      {
        value: 'prevue-7-proven',
        label: 'Wary of change for its own sake',
        description: 'The proven method has earned its place; change needs a strong reason.',
        scores: { innovativeConventional: 9, reactiveOrganized: 8 },
      },
      {
        value: 'prevue-7-support',
        label: 'Ready to help others adjust',
        description: 'I focus on bringing colleagues along with the change.',
        scores: {
          workingWithPeople: 8,
          selfSufficientGroupOriented: 8,
          cooperativeCompetitive: 2,
          diplomaticIndependent: 3,
        },
      },
    ],
  },
  {
    id: 8,
    question: 'Which statement describes you most honestly?',
    imageSrc: '/assessment/prevue-8.svg',
    imageAlt: 'A person looking into a mirror that shows their reflection',
    options: [
      {
        value: 'prevue-8-never',
        label: 'I never lose my temper at work',
        description: 'However frustrating things get, I always stay perfectly composed.',
        scores: { socialDesirability: 9, emotionalStable: 8 },
      },
      {
        value: 'prevue-8-get-along',
        label: 'I get along with most people, given time',
        description: 'Not always at first, but relationships usually settle well.',
        scores: { socialDesirability: 5, diplomaticIndependent: 3 },
      },
      {
        value: 'prevue-8-put-off',
        label: 'I sometimes put off dull tasks',
        description: 'Routine work can slip down my list when something more interesting appears.',
        scores: { socialDesirability: 2, spontaneousConscientious: 4 },
      },
      {
        value: 'prevue-8-win',
        label: 'I like to win, even in friendly contests',
        description: 'Competition brings out my best, whatever the stakes.',
        scores: { cooperativeCompetitive: 9, submissiveAssertive: 7, socialDesirability: 3 },
      },
    ],
  },
]
