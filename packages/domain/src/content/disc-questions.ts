import type { DiscType } from '../disc.ts'

export interface DiscOption {
  value: DiscType
  label: string
  description: string
}

export interface DiscQuestion {
  id: number
  question: string
  imageSrc: string
  imageAlt: string
  options: DiscOption[]
}

/** The four DISC questions; each offers exactly one option per style, in varying order. */
export const DISC_QUESTIONS: DiscQuestion[] = [
  {
    id: 1,
    question: 'A new project lands on your team with a tight deadline. What is your first move?',
    imageSrc: '/assessment/disc-1.svg',
    imageAlt: 'A wall calendar with one date circled, next to a stack of project folders',
    options: [
      {
        value: 'D',
        label: 'Take charge',
        description: 'Set the goal, assign owners and get the work moving today.',
      },
      {
        value: 'I',
        label: 'Rally the team',
        description: 'Bring everyone together to share ideas and build energy for the push.',
      },
      {
        value: 'S',
        label: 'Steady the plan',
        description: 'Check how the work fits current commitments so nobody is overloaded.',
      },
      {
        value: 'C',
        label: 'Study the brief',
        description: 'Read the requirements closely and map out what a quality result demands.',
      },
    ],
  },
  {
    id: 2,
    question: 'How do you usually contribute in a team meeting?',
    imageSrc: '/assessment/disc-2.svg',
    imageAlt: 'Four colleagues seated around a meeting table, seen from above',
    options: [
      {
        value: 'I',
        label: 'Spark the conversation',
        description: 'Share ideas freely and keep the room engaged and upbeat.',
      },
      {
        value: 'C',
        label: 'Bring the facts',
        description: 'Ask precise questions and check claims against the data.',
      },
      {
        value: 'D',
        label: 'Drive to a decision',
        description: 'Steer the discussion toward a clear outcome and next steps.',
      },
      {
        value: 'S',
        label: 'Listen and support',
        description: 'Make sure quieter voices are heard and the group stays aligned.',
      },
    ],
  },
  {
    id: 3,
    question: 'A colleague strongly disagrees with your approach. How do you respond?',
    imageSrc: '/assessment/disc-3.svg',
    imageAlt: 'Two colleagues facing each other, each with a speech bubble in a different colour',
    options: [
      {
        value: 'S',
        label: 'Seek a calm compromise',
        description: 'Take time to understand their concerns and look for a middle path.',
      },
      {
        value: 'D',
        label: 'Address it directly',
        description: 'State your position plainly and settle the question quickly.',
      },
      {
        value: 'C',
        label: 'Compare the evidence',
        description: 'Lay out the reasoning on both sides and let the facts decide.',
      },
      {
        value: 'I',
        label: 'Talk it through',
        description: 'Find common ground in conversation and keep the relationship warm.',
      },
    ],
  },
  {
    id: 4,
    question: 'Which kind of recognition at work means the most to you?',
    imageSrc: '/assessment/disc-4.svg',
    imageAlt: 'A trophy on a podium with a ribbon medal beside it',
    options: [
      {
        value: 'C',
        label: 'Respect for quality',
        description: 'Acknowledgement that your work was accurate, thorough and well reasoned.',
      },
      {
        value: 'S',
        label: 'Sincere thanks',
        description: 'A personal word showing that your reliability is noticed and valued.',
      },
      {
        value: 'I',
        label: 'Public appreciation',
        description: 'Having your contribution celebrated in front of the team.',
      },
      {
        value: 'D',
        label: 'A bigger challenge',
        description: 'Being trusted with ambitious goals and the authority to reach them.',
      },
    ],
  },
]
