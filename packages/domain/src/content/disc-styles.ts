import type { DiscType } from '../disc.ts'
import { DISC_STYLE_NAMES, DISC_STYLE_TITLES } from './disc-style-names.ts'

export interface DiscAdvice {
  inMeetings: string[]
  whenPresenting: string[]
  managingConflicts: string[]
  projectCommunication: string[]
}

export interface DiscStyle {
  type: DiscType
  name: string
  title: string
  description: string
  strengths: string[]
  blindSpots: string[]
  advice: DiscAdvice
  /** Shown when this type is the first of D, I, S, C to score 60 or more. */
  flexFactor: string
}

/** The four advice groups in the order the results page shows them. */
export const DISC_ADVICE_GROUPS: ReadonlyArray<{ key: keyof DiscAdvice; title: string }> = [
  { key: 'inMeetings', title: 'In Meetings' },
  { key: 'whenPresenting', title: 'When Presenting' },
  { key: 'managingConflicts', title: 'Managing Conflicts' },
  { key: 'projectCommunication', title: 'Project Communication' },
]

export const DISC_STYLES: Record<DiscType, DiscStyle> = {
  D: {
    type: 'D',
    name: DISC_STYLE_NAMES.D,
    title: DISC_STYLE_TITLES.D,
    description:
      'You are direct, decisive and focused on results. You set ambitious goals, take responsibility readily and move quickly from discussion to action. Challenges energise you, and you are at your best when you have the authority to make things happen.',
    strengths: [
      'Makes clear decisions, even with incomplete information',
      'Takes ownership of difficult problems',
      'Keeps the team focused on outcomes and deadlines',
      'Speaks candidly and gets to the point',
      'Stays confident under pressure',
    ],
    blindSpots: [
      'Can come across as impatient or abrupt',
      'May decide before hearing every relevant view',
      'Tends to overlook the feelings behind objections',
      'Can take on too much rather than delegate',
    ],
    advice: {
      inMeetings: [
        'Invite others to speak before you share your own view',
        'State the decision you need from the meeting at the start',
        'Summarise agreed actions with owners and dates before closing',
      ],
      whenPresenting: [
        'Lead with the conclusion, then give the reasoning behind it',
        'Leave room for questions instead of pressing on',
        'Acknowledge the work and people behind the results',
      ],
      managingConflicts: [
        'Ask questions to understand the other position before responding',
        'Separate the issue from the person and keep your tone even',
        'Agree on the shared goal first, then debate the route to it',
      ],
      projectCommunication: [
        'Explain the why behind priorities, not only the what',
        'Check in on workload before adding new tasks',
        'Share progress updates even when nothing is going wrong',
      ],
    },
    flexFactor:
      'Your Dominance score is 60 or higher, so your drive for results is your most visible trait. To flex your style, slow down enough to ask for input before deciding and recognise the effort as well as the outcome. People commit more fully to goals they have helped to shape.',
  },
  I: {
    type: 'I',
    name: DISC_STYLE_NAMES.I,
    title: DISC_STYLE_TITLES.I,
    description:
      'You are outgoing, enthusiastic and persuasive. You build relationships easily, bring energy to the people around you and enjoy sharing ideas. You are at your best when collaborating, inspiring others and working in an environment with variety and recognition.',
    strengths: [
      'Builds rapport quickly with colleagues and clients',
      'Generates ideas and enthusiasm for new initiatives',
      'Communicates persuasively and with warmth',
      'Lifts team morale during demanding periods',
      'Connects people who can help one another',
    ],
    blindSpots: [
      'May overcommit and struggle with follow-through',
      'Can overlook details in favour of the big picture',
      'Sometimes talks through ideas instead of listening',
      'May avoid delivering unwelcome news',
    ],
    advice: {
      inMeetings: [
        'Note your ideas and share the strongest ones, not every one',
        'Ask quieter colleagues for their thoughts',
        'Volunteer for actions only when you have the time to complete them',
      ],
      whenPresenting: [
        'Back your stories with a few key figures',
        'Rehearse the structure so enthusiasm does not run the clock',
        'End with a clear ask or next step',
      ],
      managingConflicts: [
        'Address the issue directly rather than smoothing it over',
        'Listen fully before offering a solution',
        'Follow up in writing so agreements are not lost',
      ],
      projectCommunication: [
        'Keep a simple task list and share it with the team',
        'Confirm deadlines and details in writing after conversations',
        'Flag risks early, even when the news is unwelcome',
      ],
    },
    flexFactor:
      'Your Influence score is 60 or higher, so enthusiasm and connection define how others experience you. To flex your style, pair your ideas with concrete plans and follow-through, and give others space to speak. Your energy is most persuasive when it is backed by detail.',
  },
  S: {
    type: 'S',
    name: DISC_STYLE_NAMES.S,
    title: DISC_STYLE_TITLES.S,
    description:
      'You are patient, dependable and supportive. You value cooperation, listen carefully and create a calm, stable environment for the people around you. You are at your best in a team with clear expectations, where your consistency and loyalty make a lasting difference.',
    strengths: [
      'Reliable and consistent in delivering commitments',
      'Listens attentively and makes others feel heard',
      'Keeps the team calm during change or pressure',
      'Builds long-term, trusting working relationships',
      'Follows through on routine work others may neglect',
    ],
    blindSpots: [
      'May resist change, even when it is needed',
      'Can hold back disagreement to keep the peace',
      'Finds it hard to say no to extra requests',
      'May take longer to decide when the path is unclear',
    ],
    advice: {
      inMeetings: [
        'Prepare one or two points in advance so you are ready to contribute',
        'Voice concerns when they arise rather than afterwards',
        'Ask for clarity on expectations and timelines',
      ],
      whenPresenting: [
        'Practise with a trusted colleague to build confidence',
        'Open with why the topic matters to the audience',
        'Use a clear, steady structure and invite questions at set points',
      ],
      managingConflicts: [
        'Raise issues early, while they are still small',
        'Use "I" statements to express your view calmly and clearly',
        'Remember that honest disagreement can strengthen relationships',
      ],
      projectCommunication: [
        'Say when your workload is full before accepting new tasks',
        'Ask for advance notice of changes so you can plan',
        'Share your progress proactively so your steady work is visible',
      ],
    },
    flexFactor:
      'Your Steadiness score is 60 or higher, so reliability and support are what others count on from you. To flex your style, speak up earlier with your own views and treat change as something you can help shape. The team benefits as much from your honest input as from your calm.',
  },
  C: {
    type: 'C',
    name: DISC_STYLE_NAMES.C,
    title: DISC_STYLE_TITLES.C,
    description:
      'You are precise, analytical and committed to quality. You value accuracy, think carefully before acting and hold yourself to high standards. You are at your best when you have time to gather information, clear criteria to work towards and the freedom to get things right.',
    strengths: [
      'Produces accurate, well-reasoned work',
      'Spots errors, risks and gaps others miss',
      'Makes decisions based on evidence',
      'Brings structure and clear processes to complex work',
      'Keeps commitments to quality and standards',
    ],
    blindSpots: [
      'Can spend too long analysing before acting',
      'May appear critical or distant to others',
      'Can find it hard to accept good-enough solutions',
      'May hold back ideas until they feel complete',
    ],
    advice: {
      inMeetings: [
        'Share preliminary thoughts instead of waiting for certainty',
        'Request agendas and materials in advance so you can prepare',
        'Frame questions as help towards the goal, not as critique',
      ],
      whenPresenting: [
        'Lead with the key finding, then offer the detail as support',
        'Limit the data on each slide to what makes the point',
        'Prepare a short summary for audiences who want the headline',
      ],
      managingConflicts: [
        "Acknowledge the other person's perspective before presenting evidence",
        'Focus on the shared objective rather than on being right',
        'Agree on the criteria for a decision before debating options',
      ],
      projectCommunication: [
        'Agree early on what "done" means for each deliverable',
        'Send concise updates that highlight decisions needed',
        'Set a time limit on analysis so decisions are not delayed',
      ],
    },
    flexFactor:
      'Your Conscientiousness score is 60 or higher, so precision and high standards stand out in your work. To flex your style, share work earlier, accept good-enough where the stakes are low and add warmth to your feedback. Others engage more readily with your insight when it arrives in time and in a friendly tone.',
  },
}

/** Shown when no score reaches 60. */
export const BALANCED_FLEX_TEXT =
  'Your scores are balanced: no single style reaches 60. You can draw on directness, enthusiasm, patience and precision as each situation demands. Flex deliberately by noticing the style of the person in front of you and matching their pace, whether they want quick decisions, open conversation, steady reassurance or careful detail.'

/** The one-line descriptions beside the score-entry sliders. */
export const DISC_SLIDERS: ReadonlyArray<{ type: DiscType; label: string; description: string }> = [
  {
    type: 'D',
    label: 'Dominance (D)',
    description: 'Direct and decisive; driven by results, challenges and taking charge.',
  },
  {
    type: 'I',
    label: 'Influence (I)',
    description: 'Outgoing and persuasive; energised by people, ideas and recognition.',
  },
  {
    type: 'S',
    label: 'Steadiness (S)',
    description: 'Patient and dependable; values cooperation, stability and support.',
  },
  {
    type: 'C',
    label: 'Conscientiousness (C)',
    description: 'Precise and analytical; committed to accuracy, quality and standards.',
  },
]
