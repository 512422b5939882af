import type { Topic } from './topic.ts'

export const LEARNING: Topic = {
  id: 'learning',
  label: 'Learning and growth',
  keywords: ['learn', 'study', 'develop', 'grow', 'skill', 'train', 'career', 'improv', 'plan', 'homework'],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'What would a realistic development plan look like for me?',
    parents: 'Which homework habits and routines suit {name}?',
    educators: 'Which teaching methods suit the way {name} learns best?',
    employers: 'Which development opportunities would help {name} grow?',
    pair: 'What can {a} and {b} learn from each other?',
  },
  related: ['motivation', 'feedback', 'general'],
  styles: {
    D: {
      they: 'They learn fastest by doing, with a clear goal and a reason that matters to them.',
      you: 'You learn fastest by doing and by taking on a real challenge.',
      approach: [
        'Frame learning as a challenge with a visible payoff',
        'Let them try first and teach the theory when they hit a wall',
      ],
      stretch:
        'Pick one skill that needs patience, such as listening or coaching, and practise it deliberately',
    },
    I: {
      they: 'They learn best in conversation, with examples, stories and other people around.',
      you: 'You learn best with people, discussion and variety, and solo study drags.',
      approach: [
        'Use group work, discussion and quick wins',
        'Build in short check-ins so enthusiasm turns into progress',
      ],
      stretch: 'Find a learning partner who will hold you to a schedule',
    },
    S: {
      they: 'They learn best step by step, with a patient guide and time to practise.',
      you: 'You learn best step by step, and pressure to perform quickly gets in the way.',
      approach: [
        'Show the process in order, then let them practise without an audience',
        'Reassure them that questions are welcome',
      ],
      stretch: 'Volunteer for one stretch task a little before you feel completely ready',
    },
    C: {
      they: 'They learn best from structured material, clear standards and room to go deep.',
      you: 'You learn best by understanding things thoroughly, and unclear instructions frustrate you.',
      approach: [
        'Provide reading, examples and the criteria for success',
        'Give time to research before asking them to perform',
      ],
      stretch: 'Practise sharing work in progress early, before it feels finished',
    },
  },
}

export const PARENTING: Topic = {
  id: 'parenting',
  label: 'Family life',
  keywords: ['child', 'son', 'daughter', 'kid', 'parent', 'family', 'home', 'teen', 'bedtime', 'sibling'],
  audiences: ['parents', 'self'],
  followUps: {
    parents: 'How can I connect better with {name} at home?',
  },
  related: ['communication', 'motivation', 'conflict'],
  styles: {
    D: {
      they: 'At home they want choices and some control, and push back hard against being managed.',
      you: 'As a parent you set clear direction, and a child with a softer style may need more warmth around it.',
      approach: [
        'Offer real choices within limits: "this or that, you decide"',
        'Give them responsibilities they can own and be proud of',
      ],
      stretch: 'Ask your child what they think before you tell them what to do',
    },
    I: {
      they: 'At home they thrive on attention, fun and talking, and struggle with routine chores.',
      you: 'As a parent you bring fun and warmth, and consistency with rules can be the harder part.',
      approach: [
        'Turn routines into games or shared time',
        'Praise effort out loud and keep rules short and cheerful',
      ],
      stretch: 'Pick two house rules and hold them every time, even when it is less fun',
    },
    S: {
      they: 'At home they need predictability and reassurance, and changes unsettle them.',
      you: 'As a parent you are patient and dependable, and may avoid the conflict a boundary needs.',
      approach: [
        'Prepare them for changes early and explain what stays the same',
        'Make quiet time together, just the two of you, a regular habit',
      ],
      stretch: 'State a boundary calmly once and follow through without re-explaining it',
    },
    C: {
      they: 'At home they like to know the rules and the reasons, and worry about getting things wrong.',
      you: 'As a parent you are fair and consistent, and your high standards can feel heavy to a child.',
      approach: [
        'Explain the why behind rules and keep them consistent',
        'Celebrate effort and learning, not only correct results',
      ],
      stretch: 'Let one small thing be done their way, imperfectly, without correcting it',
    },
  },
}

export const TEACHING: Topic = {
  id: 'teaching',
  label: 'Learning in the classroom',
  keywords: [
    'student',
    'class',
    'teach',
    'school',
    'pupil',
    'lesson',
    'classroom',
    'group work',
    'grade',
    'tutor',
  ],
  audiences: ['educators', 'self'],
  followUps: {
    educators: 'How can I keep {name} engaged in class?',
  },
  related: ['motivation', 'feedback', 'learning'],
  styles: {
    D: {
      they: 'In class they want a challenge and some control, and switch off with busywork.',
      you: 'In front of a group you are decisive and energising, and may move faster than some learners.',
      approach: [
        'Give them leadership roles and challenge tasks with clear goals',
        'Set firm limits but explain them, and let them choose how to meet them',
      ],
      stretch: 'Build in a pause after each instruction for questions from quieter learners',
    },
    I: {
      they: 'In class they shine in discussion and group work and drift in silent, solo tasks.',
      you: 'As a teacher you make learning lively, and structure may need more of your attention.',
      approach: [
        'Use discussion, presentations and team activities',
        'Give short, clear checkpoints for longer tasks',
      ],
      stretch: 'Finish each lesson by checking what each learner will do next',
    },
    S: {
      they: 'In class they are cooperative and steady but rarely volunteer answers.',
      you: 'As a teacher you create a safe, patient room, and may hesitate to push learners harder.',
      approach: [
        'Invite their contribution privately or in small groups first',
        'Keep routines predictable and warn them before changes',
      ],
      stretch: 'Set one stretching expectation each week and hold learners to it kindly',
    },
    C: {
      they: 'In class they like clear instructions, criteria and time to get work right.',
      you: 'As a teacher you are thorough and fair, and may over-prepare at the cost of spontaneity.',
      approach: [
        'Share rubrics and examples of good work',
        'Give them time to check their work and ask precise questions',
      ],
      stretch: 'Leave some room in each lesson for a question you did not plan for',
    },
  },
}

export const HIRING: Topic = {
  id: 'hiring',
  label: 'Interviews and onboarding',
  keywords: [
    'hire',
    'hiring',
    'interview',
    'recruit',
    'candidate',
    'onboard',
    'new starter',
    'job',
    'role fit',
    'position',
  ],
  audiences: ['employers', 'self'],
  followUps: {
    self: 'How can I present my strengths well in an interview?',
    employers: 'How can I help {name} settle in during their first weeks?',
  },
  related: ['teamwork', 'communication', 'learning'],
  styles: {
    D: {
      they: 'In interviews and first weeks they want to see scope, goals and how quickly they can contribute.',
      you: 'In interviews you come across as confident and results-focused; show that you listen as well.',
      approach: [
        'Give them a meaningful early goal and clear decision rights',
        'Explain how success is measured from day one',
      ],
      stretch: 'Prepare an example of a time you changed your mind after listening to someone',
    },
    I: {
      they: 'In first weeks they want to meet people and feel welcome; isolation hits them hard.',
      you: 'In interviews you build rapport easily; back your stories with concrete results.',
      approach: [
        'Introduce them widely and give them a buddy',
        'Write down expectations, since warm conversations fade',
      ],
      stretch: 'Prepare two examples with numbers that show how you followed through',
    },
    S: {
      they: 'In first weeks they want a clear plan, a steady contact person and time to learn the ropes.',
      you: 'In interviews you can undersell yourself; your reliability is a strength worth naming.',
      approach: [
        'Give them a written onboarding plan and one person to ask',
        'Check in regularly rather than waiting for them to raise problems',
      ],
      stretch: 'Practise describing your contribution with "I", not only "we"',
    },
    C: {
      they: 'In first weeks they want documentation, standards and the reasons behind how things are done.',
      you: 'In interviews you answer thoroughly; lead with the headline before the detail.',
      approach: [
        'Give them access to documentation and the quality bar',
        'Let them ask questions in writing as well as in person',
      ],
      stretch: 'Practise two-minute answers that start with the conclusion',
    },
  },
}

export const TEAMWORK: Topic = {
  id: 'teamwork',
  label: 'Working together',
  keywords: [
    'team',
    'collaborat',
    'together',
    'colleague',
    'manag',
    'lead',
    'delegat',
    'role',
    'work style',
    'group',
  ],
  audiences: ['employers', 'self', 'pair'],
  followUps: {
    self: 'Which team roles play to my strengths?',
    employers: 'Which responsibilities and team roles suit {name} best?',
    pair: 'How should {a} and {b} divide the work between them?',
  },
  related: ['communication', 'decisions', 'conflict'],
  styles: {
    D: {
      they: 'In a team they take charge, push for pace and want clear ownership.',
      you: 'In a team you naturally take charge and push for pace.',
      approach: [
        'Give them ownership of an outcome rather than a list of tasks',
        'Pair them with someone who checks detail and people impact',
      ],
      stretch: 'Delegate one decision this week and support it even if you would have chosen differently',
    },
    I: {
      they: 'In a team they are the connector and idea generator who keeps morale up.',
      you: 'In a team you connect people and generate ideas, and need partners who love the follow-through.',
      approach: [
        'Use them for kick-offs, client contact and brainstorming',
        'Pair them with a finisher and agree on check-in points',
      ],
      stretch: 'Take ownership of finishing one thing you started, end to end',
    },
    S: {
      they: 'In a team they are the reliable supporter who keeps things running and people included.',
      you: 'In a team you are the dependable one others lean on.',
      approach: [
        'Give them roles that need consistency and care: coordination, support, quality of service',
        'Make sure their quiet contribution is visible',
      ],
      stretch: 'Volunteer your opinion first in one meeting this week',
    },
    C: {
      they: 'In a team they are the quality check who asks the questions others skip.',
      you: 'In a team you protect quality and spot risks early.',
      approach: [
        'Give them planning, analysis and review roles',
        'Agree on the level of detail a task needs before they start',
      ],
      stretch: 'Share a rough draft with the team at the halfway point',
    },
  },
}

/** Strengths and natural style: the answer when a question names no more specific topic. */
export const GENERAL: Topic = {
  id: 'general',
  label: 'Strengths and natural style',
  keywords: ['strength', 'weakness', 'blind spot', 'style', 'personality', 'profile', 'who am i', 'best'],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'What are my blind spots, and how can I manage them?',
    parents: "What are {name}'s greatest strengths, and how can I nurture them?",
    educators: 'Which strengths does {name} bring to the classroom?',
    employers: 'What are the main strengths {name} brings to the team?',
    pair: 'Which strengths do {a} and {b} each bring to working together?',
  },
  related: ['learning', 'motivation', 'communication'],
  styles: {
    D: {
      they: 'They bring decisiveness, courage and a focus on outcomes.',
      you: 'You bring decisiveness, courage and a focus on outcomes.',
      approach: [
        'Point their energy at the problems that most need solving',
        'Be clear about where they have authority and where they need to consult',
      ],
      stretch: 'Slow down for the people whose buy-in you need; speed is not the same as progress',
    },
    I: {
      they: 'They bring optimism, persuasion and a gift for bringing people together.',
      you: 'You bring optimism, persuasion and a gift for bringing people together.',
      approach: [
        'Use their energy where influence and relationships matter',
        'Help them turn ideas into plans with clear owners',
      ],
      stretch: 'Back your enthusiasm with one piece of evidence or a plan whenever you pitch an idea',
    },
    S: {
      they: 'They bring patience, loyalty and a steadiness others rely on.',
      you: 'You bring patience, loyalty and a steadiness others rely on.',
      approach: [
        'Rely on them for continuity and care, and tell them you value it',
        'Give them time and support to adapt to change',
      ],
      stretch: "Treat your own needs as part of the team's needs, and say them out loud",
    },
    C: {
      they: 'They bring accuracy, analysis and high standards.',
      you: 'You bring accuracy, analysis and high standards.',
      approach: [
        'Use their judgement where quality and risk matter',
        'Agree on deadlines and the level of detail that is enough',
      ],
      stretch: 'Share your reasoning early; people trust your conclusions more when they see the path',
    },
  },
}

export const LIFE_TOPICS = [LEARNING, PARENTING, TEACHING, HIRING, TEAMWORK] as const
