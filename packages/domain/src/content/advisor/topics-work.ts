import type { Topic } from './topic.ts'

export const COMMUNICATION: Topic = {
  id: 'communication',
  label: 'Communication',
  keywords: [
    'communicat',
    'talk',
    'speak',
    'listen',
    'email',
    'message',
    'meeting',
    'conversation',
    'explain',
    'understood',
    'hear',
  ],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'How can I adapt my communication for people with a different style?',
    parents: 'How can I talk with {name} so that they really listen?',
    educators: 'How should I explain new material so that {name} takes it in?',
    employers: 'What is the best way to communicate with {name} at work?',
    pair: 'How should {a} and {b} keep each other informed day to day?',
  },
  related: ['conflict', 'feedback', 'decisions'],
  styles: {
    D: {
      they: 'They want the point first and lose patience with long build-ups.',
      you: 'You get to the point fast, and people with steadier styles can hear that as pressure.',
      approach: [
        'Open with the outcome or decision you need, then offer detail only if asked',
        'Give two clear options rather than an open-ended question',
      ],
      stretch: 'Before giving your view in a meeting, ask one open question and let the answer land',
    },
    I: {
      they: 'They think out loud and connect through conversation more than through documents.',
      you: 'You think out loud and win people over in conversation, but written follow-through can slip.',
      approach: [
        'Make time for a real conversation before the written summary',
        'Close each talk by agreeing in one sentence who does what by when',
      ],
      stretch: 'End every important conversation by writing down the one decision and the next step',
    },
    S: {
      they: 'They listen closely and rarely interrupt, so their reservations often go unspoken.',
      you: 'You listen more than you speak, which builds trust but can leave your real view unsaid.',
      approach: [
        'Ask for their view directly and give them time to think before they answer',
        'Keep your tone calm and explain the reasons behind any change',
      ],
      stretch: 'Say "my concern is…" out loud once a day, even when it feels like making a fuss',
    },
    C: {
      they: 'They value precision and trust what is written, sourced and specific.',
      you: 'You value precision, and your careful questions can sound like criticism to warmer styles.',
      approach: [
        'Send the facts and the question in writing ahead of a discussion',
        'Be exact about numbers, dates and what "done" means',
      ],
      stretch: 'Start with what you agree with before raising the detail you would change',
    },
  },
}

export const CONFLICT: Topic = {
  id: 'conflict',
  label: 'Handling conflict',
  keywords: [
    'conflict',
    'disagree',
    'argu',
    'tension',
    'fight',
    'clash',
    'tantrum',
    'difficult',
    'upset',
    'angry',
    'resolv',
  ],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'How do I handle disagreements without damaging relationships?',
    parents: 'How can I handle arguments with {name} so that we both stay calm?',
    educators: 'How should I respond when {name} is frustrated or disruptive in class?',
    employers: 'How can I resolve a disagreement with {name} constructively?',
    pair: 'What should {a} and {b} do when they disagree?',
  },
  related: ['communication', 'stress', 'feedback'],
  styles: {
    D: {
      they: 'They meet conflict head-on and can treat a disagreement as a contest to win.',
      you: 'You meet conflict head-on, which clears the air but can leave quieter people flattened.',
      approach: [
        'Stay direct and calm; argue the issue with facts, not feelings about them',
        'Agree on the shared goal first, then debate the route',
      ],
      stretch: "Summarise the other person's position to their satisfaction before you argue yours",
    },
    I: {
      they: 'They want to stay liked, so they may smooth things over and revisit them later with more heat.',
      you: 'You prefer to keep things friendly, so real disagreements can go underground and return bigger.',
      approach: [
        'Reassure them the relationship is fine while being specific about the problem',
        'Let them talk it through, then agree on concrete next steps',
      ],
      stretch: 'Name the disagreement plainly in the first five minutes instead of joking past it',
    },
    S: {
      they: 'They avoid open conflict and may agree in the room while disagreeing inside.',
      you: 'You avoid open conflict, and agreeing to keep the peace can cost you later.',
      approach: [
        'Raise issues privately and calmly, never as an ambush in a group',
        'Check back a day later: "Having slept on it, what do you really think?"',
      ],
      stretch: 'Prepare one sentence that states your need and say it early, before resentment builds',
    },
    C: {
      they: 'They defend their reasoning carefully and dig in when criticised without evidence.',
      you: 'You defend your reasoning carefully, and can win the argument while losing the person.',
      approach: [
        'Bring evidence and focus on the work, not on the person',
        'Give them time to review before asking for agreement',
      ],
      stretch: 'Ask what the other person needs to feel heard before you present your analysis',
    },
  },
}

export const MOTIVATION: Topic = {
  id: 'motivation',
  label: 'Motivation',
  keywords: [
    'motivat',
    'engag',
    'inspir',
    'encourag',
    'drive',
    'energ',
    'recogni',
    'reward',
    'effort',
    'praise',
  ],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'What motivates me most, and how can I build more of it into my week?',
    parents: 'How can I encourage {name} to make an effort without nagging?',
    educators: 'What keeps {name} motivated to learn?',
    employers: 'What motivates {name} at work, and how do they like to be recognised?',
    pair: 'How can {a} and {b} keep each other motivated?',
  },
  related: ['feedback', 'learning', 'stress'],
  styles: {
    D: {
      they: 'They are motivated by challenge, autonomy and visible progress toward a goal.',
      you: 'You are motivated by challenge and autonomy, and routine drains you quickly.',
      approach: [
        'Give a stretching goal and the authority to reach it',
        'Recognise results briefly and specifically; skip the ceremony',
      ],
      stretch: 'Notice which routine tasks you rush, and pair them with a clear personal target',
    },
    I: {
      they: 'They are motivated by people, variety and recognition that others can see.',
      you: 'You are motivated by people and recognition, and isolation flattens your energy.',
      approach: [
        'Praise them in front of others and let them share their ideas',
        'Add variety and collaboration to long tasks',
      ],
      stretch: 'Set yourself small finish-line rewards so the last 20% gets the same energy as the start',
    },
    S: {
      they: 'They are motivated by security, sincere appreciation and knowing they help others.',
      you: 'You are motivated by stability and by knowing your work genuinely helps people.',
      approach: [
        'Thank them privately and sincerely, naming the difference they made',
        'Explain changes early and show where they fit in the new plan',
      ],
      stretch: 'Ask for the recognition or the resources you need; others may not notice unless you say so',
    },
    C: {
      they: 'They are motivated by quality, expertise and the chance to get things right.',
      you: 'You are motivated by mastery and quality, and vague goals leave you uneasy.',
      approach: [
        'Give clear standards, time to do it well and access to good information',
        'Recognise the accuracy and thought behind the work, not just the result',
      ],
      stretch: 'Decide in advance what "good enough" looks like for tasks that do not need perfection',
    },
  },
}

export const FEEDBACK: Topic = {
  id: 'feedback',
  label: 'Giving and receiving feedback',
  keywords: [
    'feedback',
    'criticis',
    'correct',
    'review',
    'one-to-one',
    '1:1',
    'appraisal',
    'performance',
    'improve',
  ],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'How can I take feedback well and ask for the feedback I need?',
    parents: 'How should I praise and correct {name} so that it really sinks in?',
    educators: 'How should I give {name} feedback on their work so that it encourages them?',
    employers: 'How should I give {name} feedback so that it really lands?',
    pair: 'How can {a} and {b} give each other honest feedback?',
  },
  related: ['motivation', 'communication', 'conflict'],
  styles: {
    D: {
      they: 'They prefer feedback straight, short and tied to results.',
      you: 'You give and prefer blunt feedback, which some people experience as harsh.',
      approach: [
        'Be direct: one point, the impact, the change you want',
        'Invite them to propose the fix; ownership matters to them',
      ],
      stretch: 'Add one line about what went well, and one question, to every piece of critical feedback',
    },
    I: {
      they: 'They take feedback personally at first and respond best when the relationship feels safe.',
      you: 'You can hear criticism as a verdict on you rather than on the work.',
      approach: [
        'Start warmly and keep the tone positive, but do not bury the message',
        'Agree on one specific change and follow up soon',
      ],
      stretch: 'Ask "what is the one thing I should do differently?" and write the answer down',
    },
    S: {
      they: 'They want feedback gently and in private, with time to absorb it.',
      you: 'You take feedback to heart and may not show how much it affected you.',
      approach: [
        'Give it privately, calmly and with reassurance about their value',
        'Offer a concrete example and a step-by-step way forward',
      ],
      stretch: 'Tell the person giving feedback what helps you hear it, such as time to reflect first',
    },
    C: {
      they: 'They want feedback that is specific, evidenced and fair.',
      you: 'You appreciate precise feedback and can reject anything that sounds vague or unfair.',
      approach: [
        'Bring examples and standards, not impressions',
        'Give them time to review and come back with questions',
      ],
      stretch: 'Look for the useful point even in imprecise feedback before you test its accuracy',
    },
  },
}

export const STRESS: Topic = {
  id: 'stress',
  label: 'Stress and pressure',
  keywords: [
    'stress',
    'pressure',
    'overwhelm',
    'burnout',
    'anxi',
    'worr',
    'deadline',
    'tired',
    'cope',
    'balance',
    'calm',
  ],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'What are my early warning signs of stress, and what helps me recover?',
    parents: 'How can I help {name} when they feel worried or overwhelmed?',
    educators: 'How can I support {name} before tests and deadlines?',
    employers: 'How can I support {name} when they are under pressure at work?',
    pair: 'How can {a} and {b} support each other when the pressure is on?',
  },
  related: ['conflict', 'motivation', 'decisions'],
  styles: {
    D: {
      they: 'Under pressure they become more controlling, impatient and blunt.',
      you: 'Under pressure you tighten control and speed up, and others may feel steamrolled.',
      approach: ['Give them something they can act on and control', 'Keep updates brief and factual'],
      stretch: 'When you notice yourself taking over, pause and hand one decision back to someone else',
    },
    I: {
      they: 'Under pressure they can become scattered, emotional or overly optimistic about time.',
      you: 'Under pressure you may over-commit and lose track, then feel it all at once.',
      approach: [
        'Help them break the work into visible steps and priorities',
        'Keep the contact warm; isolation makes it worse',
      ],
      stretch: 'Write down every commitment you made this week and renegotiate one of them',
    },
    S: {
      they: 'Under pressure they go quiet, keep going and may not ask for help until late.',
      you: 'Under pressure you go quiet and keep carrying the load, which can wear you down unseen.',
      approach: [
        'Check in privately and ask specifically what would help',
        'Protect them from sudden changes where you can, and explain the ones you cannot',
      ],
      stretch: 'Ask for help the first time you feel stretched, not the third',
    },
    C: {
      they: 'Under pressure they withdraw into detail, get more critical and worry about mistakes.',
      you: 'Under pressure you dig into detail and can become self-critical about mistakes.',
      approach: [
        'Clarify priorities and what can be less than perfect',
        'Give them quiet time and the information they need',
      ],
      stretch: 'Set a time box for checking, and stop when it ends',
    },
  },
}

export const DECISIONS: Topic = {
  id: 'decisions',
  label: 'Making decisions',
  keywords: ['decid', 'decision', 'choice', 'choose', 'option', 'priorit', 'judg', 'risk'],
  audiences: ['self', 'parents', 'educators', 'employers', 'pair'],
  followUps: {
    self: 'How can I make better decisions when time is short?',
    parents: 'How can I involve {name} in family decisions?',
    educators: 'How can I help {name} make good choices about their schoolwork?',
    employers: 'How does {name} make decisions, and how can I involve them well?',
    pair: 'How should {a} and {b} make decisions together?',
  },
  related: ['communication', 'stress', 'conflict'],
  styles: {
    D: {
      they: 'They decide quickly and are comfortable with risk and incomplete information.',
      you: 'You decide quickly and live with risk, and can skip voices that would have improved the call.',
      approach: [
        'Bring them a recommendation and the main risk, not every option',
        'Agree up front which decisions need wider input',
      ],
      stretch: 'For decisions that affect others, ask "who have I not heard from?" before you commit',
    },
    I: {
      they: 'They decide by instinct and by talking it through, and can be swayed by enthusiasm.',
      you: 'You decide by instinct and conversation, and the latest exciting idea can pull you off course.',
      approach: [
        'Talk it through with them, then anchor the choice in two or three criteria',
        'Write the decision down so it sticks',
      ],
      stretch: 'Sleep on any decision you made in the energy of a meeting before you announce it',
    },
    S: {
      they: 'They decide carefully, weighing the effect on people, and dislike being rushed.',
      you: 'You weigh the effect on everyone, which is wise but can delay a call that needs making.',
      approach: [
        'Give notice and time; explain how the decision affects the people involved',
        'Ask for their view before the group discussion',
      ],
      stretch: 'Set yourself a decision date and share it with someone who will ask you about it',
    },
    C: {
      they: 'They decide on evidence and want to understand the options thoroughly first.',
      you: 'You want the full picture before deciding, and some decisions cost more in delay than in error.',
      approach: [
        'Share the data and criteria early',
        'Say clearly how much certainty the decision needs and by when',
      ],
      stretch: 'Ask "what would I decide with 70% of the information?" and test that answer',
    },
  },
}

export const WORK_TOPICS = [COMMUNICATION, CONFLICT, MOTIVATION, FEEDBACK, STRESS, DECISIONS] as const
