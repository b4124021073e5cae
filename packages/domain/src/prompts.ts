/**
 * The 90 daily reflection prompts of the experiment, one per day, written for the Pause. Reflect.
 * Retry. method. Content, not code: edit freely, keep 90 entries (a test checks). They are part of
 * the rules because a saved reflection stores its prompt only when it is not the day's own
 * (reflections.ts), and the server's and the mocks' prompt routes answer the same text.
 * The arc: learn to pause (weeks 1-2), get curious and listen (3-5), question assumptions and
 * repair (6-7), then carry the method into family, across divides and into the community.
 */
import { EXPERIMENT_DAYS, type ExerciseType, type ReflectionPrompt } from '@prr/contract';
import { notFound } from './errors.js';

type PromptData = Omit<ReflectionPrompt, 'day'>;

const p = (
  title: string,
  category: string,
  difficulty: 1 | 2 | 3,
  exerciseType: ExerciseType,
  prompt: string,
): PromptData => ({ title, category, difficulty, exerciseType, prompt });

const PROMPTS: readonly PromptData[] = [
  // Week 1: the pause
  p(
    'The First Pause',
    'Pause',
    1,
    'breathing',
    'Today, when something irritates you, stop and take one slow breath before you answer. Afterwards, write down what you noticed in that single breath.',
  ),
  p(
    'Counting to Three',
    'Pause',
    1,
    'breathing',
    'Practise counting to three before responding in one tense moment today. What changed between the first number and the last?',
  ),
  p(
    'Your Early Warning Signs',
    'Pause',
    1,
    'observation',
    'Where does frustration show up in your body first: jaw, shoulders, stomach, voice? Watch for it today and name it when it appears.',
  ),
  p(
    'The Space Between',
    'Pause',
    1,
    'journaling',
    'Think of a reaction you regret from the past month. Describe the moment just before you reacted. What might a pause have allowed?',
  ),
  p(
    'Pausing Online',
    'Pause',
    1,
    'action',
    'Before you comment, share or reply to something that angers you online today, wait ten minutes. Did you still want to post it?',
  ),
  p(
    'A Pause for Someone Else',
    'Pause',
    1,
    'observation',
    'Notice someone else pausing before they speak today. How did their pause change the conversation?',
  ),
  p(
    'Week One Look Back',
    'Pause',
    1,
    'journaling',
    'Which pause this week are you proudest of? What made it possible, and what would help you do it again?',
  ),
  // Week 2: knowing yourself
  p(
    'Naming the Feeling',
    'Self-Awareness',
    1,
    'journaling',
    'When you feel upset today, try to name the exact emotion: disappointed, embarrassed, afraid, dismissed. How does naming it change its grip?',
  ),
  p(
    'Your Triggers',
    'Self-Awareness',
    1,
    'journaling',
    'List three words, topics or behaviours that reliably set you off. Pick one and ask: what value of mine is it touching?',
  ),
  p(
    'The Story I Tell Myself',
    'Self-Awareness',
    1,
    'journaling',
    'Recall a recent conflict and write the story you told yourself about the other person. Which parts are facts, and which are guesses?',
  ),
  p(
    'Tired, Hungry, Hurried',
    'Self-Awareness',
    1,
    'observation',
    'Notice how sleep, hunger and rushing affect your patience today. When are you most likely to need a pause?',
  ),
  p(
    'Tone of Voice',
    'Self-Awareness',
    1,
    'observation',
    'Pay attention to your tone in three conversations today. Did your tone carry anything your words did not intend?',
  ),
  p(
    'What I Need',
    'Self-Awareness',
    2,
    'journaling',
    'Behind most anger is an unmet need: respect, rest, fairness, safety. Which need sat under your strongest reaction this week?',
  ),
  p(
    'A Kinder Inner Voice',
    'Self-Awareness',
    1,
    'breathing',
    'When you make a mistake today, pause and speak to yourself the way you would speak to a good friend. What did you say?',
  ),
  // Week 3: curiosity
  p(
    'One More Question',
    'Curiosity',
    1,
    'conversation',
    'In a disagreement today, ask one more question before stating your view. What did you learn that you would have missed?',
  ),
  p(
    'Curious, Not Certain',
    'Curiosity',
    1,
    'perspective-taking',
    'Pick an opinion you hold strongly. Write the best reason a thoughtful person might disagree with it.',
  ),
  p(
    'The Why Behind the What',
    'Curiosity',
    2,
    'conversation',
    'Ask someone close to you why a particular issue matters to them personally. Listen for the experience behind the position.',
  ),
  p(
    'Replacing Judgement',
    'Curiosity',
    1,
    'observation',
    'Each time you catch yourself judging someone today, swap the judgement for a question: "I wonder what happened that..."',
  ),
  p(
    'Assume Good Intent',
    'Curiosity',
    1,
    'perspective-taking',
    'Choose one annoying behaviour you meet today and imagine three generous explanations for it. Did any of them seem likely?',
  ),
  p(
    "Beginner's Mind",
    'Curiosity',
    2,
    'conversation',
    'Talk with someone about a topic they know better than you. Let yourself be a beginner. How did it feel to not be the expert?',
  ),
  p(
    'Curiosity Review',
    'Curiosity',
    1,
    'journaling',
    'Which question you asked this week opened a conversation up instead of shutting it down? What made it work?',
  ),
  // Week 4: listening
  p(
    'Listen to Understand',
    'Listening',
    1,
    'conversation',
    'In one conversation today, listen without planning your reply. Afterwards, note what you heard that you usually miss.',
  ),
  p(
    'Reflect It Back',
    'Listening',
    2,
    'conversation',
    'Before responding to someone today, summarise what they said in your own words and ask whether you got it right.',
  ),
  p(
    'The Unfinished Sentence',
    'Listening',
    1,
    'observation',
    "Notice how often you interrupt or finish other people's sentences today. Try letting every sentence end on its own.",
  ),
  p(
    'Listening for Feelings',
    'Listening',
    2,
    'perspective-taking',
    'In a conversation today, listen for the feeling under the words. Name it gently: "It sounds like that was frustrating."',
  ),
  p(
    'Silence Is Allowed',
    'Listening',
    2,
    'breathing',
    'Let a silence last three breaths longer than is comfortable in a conversation today. What filled the space?',
  ),
  p(
    'The Person You Tune Out',
    'Listening',
    2,
    'conversation',
    'Think of someone you tend to tune out. Give them your full attention for five minutes today. What surprised you?',
  ),
  p(
    'Listening Review',
    'Listening',
    1,
    'journaling',
    'Who felt most heard by you this week? How could you tell, and what did it cost you to listen that way?',
  ),
  // Week 5: empathy
  p(
    'Walking in Their Shoes',
    'Empathy',
    2,
    'perspective-taking',
    'Choose someone you clashed with recently. Describe the situation from their point of view, in the first person.',
  ),
  p(
    'Shared Ground',
    'Empathy',
    1,
    'journaling',
    'List five things you have in common with someone whose views you oppose. Which one surprised you most?',
  ),
  p(
    'Their Hardest Day',
    'Empathy',
    2,
    'visualization',
    'Picture a stranger who annoyed you today having the hardest day of their year. How does your reaction to them change?',
  ),
  p(
    'Empathy Is Not Agreement',
    'Empathy',
    2,
    'conversation',
    'Tell someone, "I see why that matters to you," about a view you do not share. How did saying it feel?',
  ),
  p(
    'Fear Behind the Anger',
    'Empathy',
    2,
    'perspective-taking',
    'Think of an angry person you encountered recently. What might they have been afraid of losing?',
  ),
  p(
    'Compassion for Yourself',
    'Empathy',
    1,
    'breathing',
    'Take three slow breaths and remember a time you were misunderstood. Let that memory soften how you see someone else today.',
  ),
  p(
    'Empathy Review',
    'Empathy',
    1,
    'journaling',
    'Where did empathy come easily this week and where was it hard? What made the difference?',
  ),
  // Week 6: questioning assumptions
  p(
    'Checking the Facts',
    'Reflection',
    2,
    'journaling',
    'Write down one assumption you made about someone this week. What evidence do you actually have for it?',
  ),
  p(
    'Labels and People',
    'Reflection',
    2,
    'observation',
    'Notice every time you or others use a group label (liberal, conservative, boomer, those people) today. What does the label hide?',
  ),
  p(
    'The Headline Test',
    'Reflection',
    2,
    'action',
    'Before reacting to a news headline today, read the whole article and one account from a different source. Did your view shift?',
  ),
  p(
    'Whose Voice Is Missing',
    'Reflection',
    2,
    'perspective-taking',
    'In a debate you follow, whose experience is rarely heard? Find and read one first-hand account from that perspective.',
  ),
  p(
    'First Impressions',
    'Reflection',
    1,
    'journaling',
    'Recall someone you misjudged at first. What changed your mind, and how long did it take?',
  ),
  p(
    'Certainty Check',
    'Reflection',
    2,
    'journaling',
    'On a scale of 1 to 10, how certain are you about your most heated opinion? What would it take to move you one point?',
  ),
  p(
    'Reflection Review',
    'Reflection',
    1,
    'journaling',
    'Which assumption did you let go of this week? What did you find when you looked underneath it?',
  ),
  // Week 7: retry and repair
  p(
    'The Retry',
    'Retry',
    2,
    'conversation',
    'Go back to a conversation that went badly and try again. Open with: "I would like another go at what we talked about."',
  ),
  p(
    'A Real Apology',
    'Retry',
    2,
    'action',
    'Offer an apology that names what you did and its effect, without "but". How was it received?',
  ),
  p(
    'Repair Early',
    'Retry',
    2,
    'action',
    'The next time a small friction happens today, repair it within the hour instead of letting it grow. What did you do?',
  ),
  p(
    'Accepting an Apology',
    'Retry',
    2,
    'perspective-taking',
    'Think of an apology you never fully accepted. What would it take to let it land now?',
  ),
  p(
    'Starting Softly',
    'Retry',
    2,
    'conversation',
    "Raise one difficult topic today with a gentle opening: describe the situation and your feeling, not the other person's flaws.",
  ),
  p(
    'Forgiving Yourself',
    'Retry',
    2,
    'journaling',
    'Write about a mistake you keep replaying. What did it teach you, and what would it take to put it down?',
  ),
  p(
    'Retry Review',
    'Retry',
    1,
    'journaling',
    'Which retry this week made the biggest difference? What did it take to begin it?',
  ),
  // Week 8: family and close relationships
  p(
    'At the Kitchen Table',
    'Relationships',
    2,
    'conversation',
    'At a meal today, ask everyone to share one good thing and one hard thing about their day. Just listen to the answers.',
  ),
  p(
    'The Old Argument',
    'Relationships',
    3,
    'perspective-taking',
    'Most families have one argument that keeps coming back. Write down what each side is really protecting.',
  ),
  p(
    'Appreciation Out Loud',
    'Relationships',
    1,
    'gratitude',
    'Tell someone at home one specific thing you appreciate about them, and why it matters to you.',
  ),
  p(
    'Bids for Connection',
    'Relationships',
    2,
    'observation',
    'Notice the small ways people close to you reach for attention today: a comment, a look, a question. How often did you turn toward them?',
  ),
  p(
    'Raising Peacemakers',
    'Relationships',
    2,
    'action',
    'Show a child (or a younger person) how you pause when you are upset. Explain out loud what you are doing and why.',
  ),
  p(
    'Agree to Disagree, Kindly',
    'Relationships',
    3,
    'conversation',
    'With someone you love, name one topic you disagree on and agree together how you will talk about it respectfully.',
  ),
  p(
    'Relationships Review',
    'Relationships',
    1,
    'journaling',
    'Which relationship grew warmer this week? What did you do differently?',
  ),
  // Week 9: bridging divides
  p(
    'Across the Aisle',
    'Bridging Divides',
    3,
    'conversation',
    'Have a conversation with someone whose politics differ from yours with one goal: understand, not persuade. What did you learn?',
  ),
  p(
    'Contempt Check',
    'Bridging Divides',
    3,
    'observation',
    'Notice eye-rolls, sarcasm and mockery today, including your own. Each time, ask what respect would look like instead.',
  ),
  p(
    'The Best Version of Their View',
    'Bridging Divides',
    3,
    'perspective-taking',
    'Write the strongest, most generous version of a political view you oppose, one its holders would recognise.',
  ),
  p(
    'Your Information Diet',
    'Bridging Divides',
    2,
    'action',
    'Follow or read one thoughtful voice from the other side of a debate this week. Note one point that made you think.',
  ),
  p(
    'Humanising the Opponent',
    'Bridging Divides',
    2,
    'visualization',
    'Picture someone from the other side as a neighbour helping you move house. What would you talk about?',
  ),
  p(
    'Lowering the Temperature',
    'Bridging Divides',
    3,
    'conversation',
    'When a conversation heats up today, say, "Let us slow down; I want to understand you." What happened next?',
  ),
  p(
    'Bridging Review',
    'Bridging Divides',
    2,
    'journaling',
    'Where did you build a bridge this week, even a small one? What held it up?',
  ),
  // Week 10: respect and gratitude
  p(
    'Gratitude for a Critic',
    'Respect',
    3,
    'gratitude',
    'Think of someone who challenged you and write what their challenge gave you, even if it stung.',
  ),
  p(
    'Everyday Dignity',
    'Respect',
    1,
    'action',
    'Treat every service worker you meet today with unhurried respect: eye contact, their name if you know it, thanks.',
  ),
  p(
    'Three Good Things',
    'Respect',
    1,
    'gratitude',
    'Before bed, write down three things that went well today and the part other people played in them.',
  ),
  p(
    'Respect Without Approval',
    'Respect',
    3,
    'perspective-taking',
    'Can you respect a person whose choice you disagree with? Write about one such person and what you do respect in them.',
  ),
  p(
    'Words That Honour',
    'Respect',
    2,
    'observation',
    'Listen to how you talk about absent people today. Would you say the same words if they were in the room?',
  ),
  p(
    'A Letter of Thanks',
    'Respect',
    2,
    'gratitude',
    'Write a short thank-you note to someone who helped you become more patient or kind, and send it.',
  ),
  p('Respect Review', 'Respect', 1, 'journaling', 'How did practising gratitude affect your patience this week?'),
  // Week 11: community
  p(
    'Start a Ripple',
    'Community',
    2,
    'action',
    'Tell one person about the pause you practise and invite them to try it for a day. How did they respond?',
  ),
  p(
    'Neighbourhood Kindness',
    'Community',
    1,
    'action',
    'Do one small, anonymous kindness for a neighbour or colleague today.',
  ),
  p(
    'The Meeting Pause',
    'Community',
    2,
    'observation',
    'In a group meeting or chat today, notice who does not get heard. Make room for one of them to speak.',
  ),
  p(
    'Disagreeing in Public',
    'Community',
    3,
    'conversation',
    'When a group discussion turns sharp, model a calm disagreement: acknowledge the other view before giving yours.',
  ),
  p(
    'Local Common Cause',
    'Community',
    2,
    'action',
    'Find one local need that people of all views care about (a park, a school, a food bank). How could you help?',
  ),
  p(
    'Stories of Change',
    'Community',
    2,
    'journaling',
    'Write about someone in your community who turned conflict into cooperation. What can you borrow from them?',
  ),
  p(
    'Community Review',
    'Community',
    1,
    'journaling',
    'What ripples did you notice this week: people you influenced, or who influenced you?',
  ),
  // Week 12: courage
  p(
    'Courage to Pause',
    'Courage',
    3,
    'breathing',
    'Pausing can take more courage than reacting. Where today did pausing take courage, and what did it protect?',
  ),
  p(
    'Speaking Up Kindly',
    'Courage',
    3,
    'conversation',
    'When you hear someone mocked or dehumanised today, gently say so. How did it feel to speak up without attacking?',
  ),
  p(
    'The Conversation You Avoid',
    'Courage',
    3,
    'conversation',
    'Is there a conversation you have been putting off? Take the first step today, using everything you have practised.',
  ),
  p(
    'Owning Your Part',
    'Courage',
    3,
    'journaling',
    'In a conflict that still hurts, what was your part, however small? Write it down without excuses.',
  ),
  p(
    'Changing Your Mind',
    'Courage',
    3,
    'perspective-taking',
    'Admit to someone that you have changed your mind about something. What made it hard, and what made it possible?',
  ),
  p(
    'Staying in the Room',
    'Courage',
    3,
    'breathing',
    'When you want to walk away from a hard conversation today, breathe and stay one minute longer. What came next?',
  ),
  p('Courage Review', 'Courage', 2, 'journaling', 'What is the bravest peaceful thing you did this week?'),
  // Days 85-90: bringing it together
  p(
    'Your Two Paths',
    'Integration',
    2,
    'visualization',
    'Picture a recent conflict going down the path of contempt, then the path of curiosity. Where did the two paths split?',
  ),
  p(
    'What Changed in You',
    'Integration',
    2,
    'journaling',
    'Compare how you handle conflict today with how you did on day one. What is different, and who has noticed?',
  ),
  p(
    'Your Personal Pause',
    'Integration',
    2,
    'breathing',
    'Design your own pause ritual: a breath, a phrase, a gesture. Write it down and use it today.',
  ),
  p(
    'Teaching the Method',
    'Integration',
    3,
    'action',
    'Explain Pause. Reflect. Retry. to someone in your own words, with a story from your 90 days.',
  ),
  p(
    'The Next 90 Days',
    'Integration',
    2,
    'journaling',
    'Which habit from this experiment will you keep? Write one concrete commitment for the next 90 days.',
  ),
  p(
    "A Peacemaker's Letter",
    'Integration',
    3,
    'gratitude',
    'Write a letter to the person you were on day one. Thank them for starting, and tell them what you learned.',
  ),
];

if (PROMPTS.length !== EXPERIMENT_DAYS) {
  // A content edit that breaks "one prompt per day" should fail at start-up, not on day 90.
  throw new Error(`Expected ${EXPERIMENT_DAYS} reflection prompts, found ${PROMPTS.length}`);
}

export const REFLECTION_PROMPTS: readonly ReflectionPrompt[] = PROMPTS.map((prompt, index) => ({
  day: index + 1,
  ...prompt,
}));

/** The prompt for a day of the experiment, or undefined outside 1..90. */
export function promptForDay(day: number): ReflectionPrompt | undefined {
  return Number.isInteger(day) ? REFLECTION_PROMPTS[day - 1] : undefined;
}

/** GET /api/reflection-prompts/:day: the day's prompt, or 404 outside 1..90. */
export function requirePrompt(day: number): ReflectionPrompt {
  const prompt = promptForDay(day);
  if (!prompt) throw notFound(`There is no reflection prompt for day ${day}`);
  return prompt;
}
