/** English words of the guided lesson's screens: title, body and teacher note of each (the Korean file says the same). */
import type { LessonScreenTexts } from './classroom-types';
import type { LessonScreenId } from '../classroom/lesson-screens';

export const LESSON_SCREENS_EN: Record<LessonScreenId, LessonScreenTexts> = {
  loop: {
    title: 'Two roles, one loop',
    body: 'One small model is copied into two roles. The questioner writes problems; the executor solves them. Each iteration runs the ten phases in the diagram, and no human supplies an answer.',
    note: 'Ask who grades the executor if nobody knows the answers. Keep the question open: screens 8–9 answer it (the executor grades itself by majority vote).',
  },
  contracts: {
    title: 'The contract',
    body: 'A questioner rollout must put its problem in question tags and box its own answer. A rollout that breaks this contract earns U = −1, whatever else it did.',
    note: 'Point at a violated row. Text is all the roles exchange, so a format rule is the only way to read a question out of it.',
  },
  proxy: {
    title: 'How hard is a question? p',
    body: 'The solver proxy (the executor) answers each question several times; p is the share of answers that agree with the majority. The uncertainty term is highest at p = 0.5 and zero at p = 1.',
    note: 'p is not accuracy: answers that are all wrong but all agree give p = 1. Ask which p the questioner should aim for.',
  },
  'predict-reward': {
    title: 'Predict: the highest reward',
    body: 'The curriculum reward adds the uncertainty term, subtracts a penalty for questions like others in the batch, and pays a little for tool calls.',
    note: 'Have the class vote by hands before you click. Then read the parts aloud: the winner is often not the question with p nearest 0.5, because of the repetition penalty.',
  },
  repetition: {
    title: 'Repetition penalty',
    body: 'Questions are clustered by BLEU distance; each rollout pays its cluster’s share of the batch. Writing the same easy question eight times does not pay.',
    note: 'Find the largest block on the diagonal: that is the most repeated question, and the most penalised.',
  },
  'predict-no-gradient': {
    title: 'Predict: which group gets no gradient?',
    body: 'GRPO compares the rewards within each group of rollouts of the same prompt: A = (R − mean) / std. A group whose rewards are all equal has nothing to compare.',
    note: 'The rule: equal rewards → every advantage 0 → no gradient from that group. Students often expect a small gradient rather than none.',
  },
  'grpo-clip': {
    title: 'Clipping ρ',
    body: 'Each update reuses the same batch several times. ρ is the new policy’s probability over the old one; the loss stops rewarding moves that push ρ outside [1 − ε_low, 1 + ε_high].',
    note: 'At the first update ρ is exactly 1 for every token, so nothing can be clipped. Clip fractions grow over the updates of one batch.',
  },
  votes: {
    title: 'Self-labelling: the executor grades itself',
    body: 'The executor answers each question several times. The majority answer becomes the pseudo-label; s is the majority’s share of the votes.',
    note: 'This answers the question from screen 1. Ask what goes wrong when the majority is confidently wrong (see the pseudo-label table).',
  },
  'predict-curation': {
    title: 'Predict: will curation keep it?',
    body: 'Curation keeps only questions whose self-consistency s lies in a band: too easy (s near 1) teaches nothing, too divided (s low) gives an unreliable label.',
    note: 'Ask the class to compute s from the votes first: the largest count divided by the number of votes.',
  },
  pseudo: {
    title: 'Are the pseudo-labels right?',
    body: 'The page knows the true answers (the engine never uses them for training): each row shows whether the majority was right.',
    note: 'A kept question with a wrong label trains the executor toward a wrong answer. Ask how the band trades this off.',
  },
  'predict-clip': {
    title: 'Predict: when does ρ leave the band?',
    body: 'The executor’s update runs several optimizer updates on one batch. ADPO gives each question its own upper bound ε_high(s).',
    note: 'The answer is never “update 1”: ρ ≡ 1 before the policy has moved. After that it depends on how far each update moves the policy.',
  },
  adpo: {
    title: 'ADPO: trust the label by s',
    body: 'ADPO scales each question’s advantage by g(s) (less for ambiguous questions) and lets ambiguous questions move further upward with a larger ε_high(s).',
    note: 'Read one question’s s off the chart and follow it to g(s) and ε_high(s).',
  },
  curves: {
    title: 'What changed over the iterations',
    body: 'Each point is one iteration; the dashed line is the base model. Accuracy is measured on held-out problems with their true answers.',
    note: 'Ask which curves should rise if co-evolution works, and which ones are flat on this small run and why.',
  },
  'level-mix': {
    title: 'Co-evolution: the questions get harder',
    body: 'The classroom recording’s question pool, iteration by iteration, split by the oracle’s difficulty level. Nobody told the questioner to write hard questions: it is paid for questions the solver gets right about half the time.',
    note: 'Ask why the pool drifts to higher levels: the solver improves, so yesterday’s p ≈ 0.5 questions now have p ≈ 1 and earn little. Then read the sentence: it says whether the change is larger than two standard errors.',
  },
  table5: {
    title: 'Co-evolution: frozen executors on every pool (Table 5)',
    body: 'Executors frozen after iterations 0, 1, 3 and the last answer every iteration’s pool. Read along a row: does the same executor pass less of the later pools? Read down a column: do later executors pass more of the same pool?',
    note: 'Ask first: will the executor frozen after iteration 1 pass more or fewer of the last pool’s questions than of the first? Then read the sentence: with about 30 questions a pool, a few points is one question, and the page calls a change inside two standard errors no measurable change.',
  },
  'pool-contrast': {
    title: 'Co-evolution against a frozen questioner',
    body: 'The recorded ablation runs Agent0 as built and the same run with the questioner never updated. Only the learning questioner raises the pools’ difficulty as the solver improves.',
    note: 'This is the contrast that shows co-evolution: ask whether the two runs start alike and where they part. The sentence under the figure says, from the seeds, whether the ranges still overlap or every seed of one run lies below every seed of the other.',
  },
  repair: {
    title: 'Reshaping the signal: code repair',
    body: 'In the repair lab a judge scores each step of a fix, not only the final test. The advantage of a step is reshaped by its process weight.',
    note: 'Compare the outcome-only and process-weighted advantages: the same final reward can credit different steps. For discussion: the table’s last sentence sets every variant against full over the recorded seeds. Where a plainer reward beats full, the opposite of the paper, ask what in this simulator could cause it (snippets that already compile earn the middle tier without a repair; short episodes leave process weights little to move), and why a difference inside the seeds’ range counts as no change.',
  },
};
