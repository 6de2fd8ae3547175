/** 한국어: 그림 옆의 설명과, 실행 데이터 옆에 놓인 두 기사의 각 절. */
import type { ArticleTexts, NoteTexts } from './page-types';
import { num } from '../lib/format';

export const NOTES_KO: NoteTexts = {
  questionerFrozen:
    '이 실행은 출제자를 학습시키지 않습니다(«questioner.train = false», 표 3의 절제 실험). 출제자의 어드밴티지는 계산해서 보여 주지만, 갱신은 하지 않습니다.',
  firstUpdate: (updates, kl) =>
    `한 배치의 첫 미니배치 갱신에서는 정책이 아직 움직이지 않아 모든 토큰에서 ρ ≡ 1이고 아무것도 잘리지 않습니다. 이때 손실은 −평균(A)에 이번 반복의 기준 모델과의 KL을 ${kl}배 더한 값입니다. 이 KL은 이번 반복에서 출제자가 처음 갱신되기 전까지만 0입니다. ` +
    (updates === 1
      ? '이 실행은 배치마다 한 번만 갱신하므로 ρ는 1을 벗어나지 않고 클립도 일어나지 않습니다.'
      : `이 실행은 배치마다 ${updates}번 갱신합니다. 두 번째 갱신부터 ρ가 1을 벗어나고 클립이 작동할 수 있습니다.`),
  executorSchedule: (updates) =>
    updates === 1
      ? '이 실행의 해답자는 Agent0의 해답자 스크립트처럼 배치마다 한 번만 갱신합니다(미니배치가 배치 전체). 그 갱신에서 ρ ≡ 1이므로 ε_high(s)를 포함해 어떤 클립도 일어나지 않고, 해답자가 배우는 내용을 바꾸는 것은 g(s)뿐입니다.'
      : `이 실행의 해답자는 배치마다 ${updates}번 갱신합니다(Agent0의 해답자 스크립트는 한 번). 첫 갱신 뒤로는 ρ가 1에서 벗어나므로 ε_high(s)를 포함한 클립 구간이 작동할 수 있습니다.`,
  released: (e, a) =>
    !a.released
      ? `공개된 Agent0 코드의 해답자 학습기는 ${a.name} 손실을 실제로 고르지 않고, 대칭 0.2 클립과 이중 클립 3의 GRPO로 돌아갑니다. 이 실행은 ${a.inPaper ? '논문이 설명하는 규칙을' : `논문에 없는 ${a.name}를`} 씁니다 («executor.algorithm = ${a.id}»).`
      : `이 실행의 해답자는 공개된 학습기처럼 ${a.name}를 씁니다. 클립 구간은 [${+(1 - e.epsLow).toFixed(4)}, ${+(1 + e.epsHigh).toFixed(4)}]이고 ${e.dualClip === null ? '이중 클립은 없습니다' : `이중 클립은 ${e.dualClip}입니다`}. g(s)와 ε_high(s)는 쓰이지 않습니다.`,
  releaseMode: (mode) =>
    mode === 'as-released'
      ? '이 실행은 공개된 Agent0 코드의 동작을 그대로 재현합니다 («release.mode = as-released»).'
      : `이 실행은 Agent0가 밝힌 의도를 따릅니다 («release.mode = ${mode}»).`,
  noCurated: '선별 구간에 든 문제가 없어서 해답자를 갱신하지 않았습니다.',
  executorGrpo: (c, a) =>
    `이 실행의 해답자는 ADPO가 아니라 ${a.name}로 갱신됩니다 («executor.algorithm = ${a.id}»). 어드밴티지를 줄이는 g(s)도, 클립을 넓히는 ε_high(s)도 없습니다. 묶음마다 어드밴티지를 그대로 쓰고, 모든 시퀀스를 같은 구간 [${num(1 - c.epsLow)}, ${num(1 + c.epsHigh)}]로 자르며, ${c.dualClip === null ? '이중 클립은 없습니다' : `이중 클립은 c = ${num(c.dualClip)}입니다`}.`,
  noSignal: '이 그룹의 보상이 모두 같아서 어드밴티지가 전부 0입니다.',
  oracle: '실제 정답 (시뮬레이터의 오라클)',
  gate: (gate, minP) =>
    gate
      ? `관문: 대리 해답자의 다수 답이 출제자가 상자에 넣은 자기 답과 같고 p > ${minP}일 때만 p를 셉니다. 그렇지 않으면 p = 0이고 따라서 U = 0입니다.`
      : '이 실행에서는 관문이 꺼져 있어, 대리 해답자가 잰 p를 그대로 씁니다.',
  golden: (mode) =>
    mode === 'last-character'
      ? '이 실행은 공개된 코드처럼 출제자의 답에서 마지막 한 글자만 읽습니다. 그래서 관문은 답이 한 글자일 때가 아니면 거의 통과하지 못합니다.'
      : '공개된 코드는 출제자가 상자에 넣은 답의 마지막 한 글자만 남기므로, 답이 한 글자가 아니면 관문을 거의 통과하지 못합니다. 이 실행은 답 전체를 비교합니다.',
  toolSource: (source) =>
    source === 'as-released'
      ? '이 실행은 도구 항을 공개된 코드처럼 셉니다. 출제자 자신의 글에 나온 «```output» 블록의 수입니다. 공개된 출제자는 프로그램을 실행하지 않아 그곳에서는 이 항이 거의 0이지만, 여기서는 출제자가 글을 쓰며 프로그램을 실행할 수 있으므로 이 항은 출제자가 문제를 확인하려고 실행한 프로그램을 셉니다.'
      : '여기서 도구 항은 논문의 정의대로 대리 해답자가 그 문제를 풀며 실제로 실행한 도구 호출을 셉니다. 공개된 코드는 출제자 자신의 글에 나온 «```output» 블록을 세는데, 출제자가 프로그램을 실행하지 않는 그곳에서는 거의 0입니다.',
  unchecked: (mode) =>
    mode === 'violation'
      ? '이 실행은 출제자에게 자기 문제를 확인하라고 요구합니다. 글을 쓰는 동안 프로그램을 하나도 실행하지 않은 표본은 형식을 어긴 것으로 봅니다 (U = −1). 논문에도 공개된 코드에도 없는 규칙입니다 (공개된 출제자에게는 도구가 없습니다). 이 규칙이 없으면 출제자는 몇 번의 반복 뒤 답을 계산하지 않게 됩니다.'
      : '프로그램을 실행하지 않은 출제 표본도 논문에서처럼 다른 표본과 똑같이 점수를 받습니다.',
  unreadable: (mode) =>
    mode === 'violation'
      ? '이 실행은 과제 계열의 정답 계산기(오라클)가 읽을 수 있는 문제도 요구합니다. 오라클이 읽지 못하는 문제(정의하지 않은 이름, 계열에 없는 틀)를 쓴 표본은 형식을 어긴 것으로 봅니다 (U = −1). 논문에도 공개된 코드에도 오라클은 없습니다. 이 규칙이 없으면 출제자는 맨 위 단계에 이른 뒤 과제 계열을 벗어나, 실행자의 답이 갈리는 엉터리 글로 보상을 받습니다.'
      : '오라클이 읽지 못하는 문제를 쓴 출제 표본도 논문과 공개된 코드에서처럼 다른 표본과 똑같이 점수를 받습니다.',
  toolWeight: (perCall, released, paper) =>
    perCall === 0
      ? `이 실행에는 도구 항이 없습니다 (호출당 0). 표 3의 도구 보상 없는 절제 실험과 같은 설정입니다. Agent0의 공개 코드는 호출 한 번에 ${num(released)}, 논문은 ${num(paper)}을 줍니다.`
      : perCall === released
        ? `도구 항은 Agent0의 공개 코드처럼 호출 한 번에 ${num(perCall)}입니다. 논문은 ${num(paper)}을 줍니다.`
        : perCall === paper
          ? `도구 항은 논문대로 호출 한 번에 ${num(perCall)}입니다. Agent0의 공개 코드는 ${num(released)}를 씁니다.`
          : `이 실행의 도구 항은 호출 한 번에 ${num(perCall)}입니다 («reward.toolRewardPerCall»). 공개 코드의 ${num(released)}도 논문의 ${num(paper)}도 아닙니다.`,
  labellingMode: (mode) =>
    mode === 'tool'
      ? '공개된 Agent0 코드는 해답자가 도구를 써서 학습하고 답하는데도 자기 라벨링은 도구 없는 해답자로 합니다. 이 실행은 도구를 쓴 해답자로 라벨을 붙여, 라벨이 학습되는 바로 그 해답자에게서 나오게 합니다.'
      : '이 실행은 공개된 코드처럼 도구 없는 해답자로 자기 라벨링을 합니다. 해답자의 학습은 여전히 도구를 씁니다.',
  evaluators: (c) =>
    `두 평가가 서로 다른 때에 돌아갑니다. 커리큘럼 보상 안에서는 도구를 쓰는 해답자 후보 ${c.proxy.candidates}개가 p를 내고, 출제자 학습이 끝난 뒤에는 ${c.labelling.mode === 'tool' ? '도구를 쓰는' : '도구 없는'} 해답자의 샘플 ${c.labelling.samples}개가 문제 풀에 라벨을 붙여 s를 냅니다. 제9장 기사는 반대로 적습니다. 샘플 9개의 평가가 출제자 학습 중에 돌고, 해답자 데이터를 만들 때는 후보 10개의 도구 평가가 그 자리를 대신한다는 것입니다. 코드에서는(커리큘럼 스크립트가 도구 서버를 띄우고, README의 선별 단계가 «evaluate.py»를 부릅니다) 후보 10개가 커리큘럼 보상에 쓰이고 샘플 9개가 라벨을 만듭니다.`,
  curationBound: (min, max) =>
    `Agent0의 «upload.py»는 기본으로 0.3 ≤ s ≤ 0.7을 남기고, README의 실행은 상한으로 0.8을 넘깁니다. 이 실행은 ${min} ≤ s ≤ ${max}를 남깁니다. 남은 문제는 의사 라벨, 점수와 함께 Parquet 파일로 저장되어 해답자 학습기가 읽습니다. “내보내기”는 이 실행에 대해 같은 파일을 씁니다.`,
};

export const ARTICLE_KO: ArticleTexts = {
  layoutTitle: 'Agent0의 두 학습 폴더',
  layoutHead: { role: '역할', folder: '폴더', env: '환경', algorithm: '갱신' },
  layoutRows: [
    { side: '출제자 (커리큘럼 에이전트)', folder: 'curriculum_train/', env: 'curriculum', algorithm: 'GRPO' },
    { side: '해답자', folder: 'executor_train/', env: 'executor', algorithm: 'ADPO' },
  ],
  layoutBase: (params) =>
    params > 0
      ? `Agent0는 두 역할을 각자의 폴더와 환경에서 번갈아 학습시키며, 둘 다 같은 기본 모델(README에서는 «Qwen3-4B-Base»)에서 출발합니다. 여기서도 두 역할은 파라미터 ${params.toLocaleString('ko')}개짜리 체크포인트 하나에서 출발해 학습하면서 갈라집니다.`
      : 'Agent0는 두 역할을 각자의 폴더와 환경에서 번갈아 학습시키며, 둘 다 같은 기본 모델(README에서는 «Qwen3-4B-Base»)에서 출발합니다. 여기서도 두 역할은 같은 기본 체크포인트에서 출발해 학습하면서 갈라집니다.',
  promptTitle: '출제자 프롬프트의 조항과, 그 조항을 지키게 하는 보상 항',
  promptIntro:
    'Agent0는 시스템 프롬프트로 출제자에게 어렵고 새로운 문제를 정해진 두 블록 형식으로 내라고 요구합니다. 조항마다 그것을 확인하는 보상 항이 있습니다. 이 작은 모델은 역할 토큰 하나로만 프롬프트를 받으므로, 여기서는 보상만이 요구합니다.',
  promptHead: { term: '보상 항', clause: 'Agent0 프롬프트의 조항', here: '이 시뮬레이터에서', batch: '이번 배치' },
  promptRows: {
    uncertainty: {
      clause: '고등학교 상위권 학생 가운데 30 %도 못 풀 만큼 어렵게 낼 것',
      here: '대리 해답자의 일치도 p에서 구한 U',
    },
    violation: {
      clause: '«<question>» 블록과 «\\boxed{}» 답, 정확히 이 둘만 출력할 것',
      here: '같은 형식을 패턴으로 읽음. 어기면 U = −1',
    },
    repetition: {
      clause: '교과서의 뻔한 문제나 유명한 대회 문제를 되풀이하지 말 것',
      here: '문제가 속한 BLEU 묶음의 비율',
    },
    tool: { clause: '해당 조항 없음: 해답자의 «```output» 형식에 기댐', here: '후보당 도구 호출 수, 상한 있음' },
  },
  promptHereWhen: {
    checkRequired: '같은 형식을 패턴으로 읽고, 글을 쓰는 동안 프로그램을 한 번 이상 실행해야 함. 어기면 U = −1',
    releasedTool: '출제자 자신의 «```output» 블록 수, 상한 있음 (공개된 코드대로)',
  },
  persona:
    'Agent0 프롬프트의 한 변형은 페르소나 풀에서 뽑은 인물상(예: 연구자, 올림피아드 메달리스트)으로 시작해 문제의 스타일을 다양하게 만듭니다. 반복 벌점과 짝을 이루는 장치입니다. 이 시뮬레이터의 작은 모델은 문장을 읽지 못하므로 페르소나 변형이 없습니다.',
  executorPromptsTitle: 'Agent0와 여기의 해답자 프롬프트',
  executorPromptsHead: { role: '역할', agent0: 'Agent0', here: '여기' },
  executorPrompts: {
    questioner: { role: '출제자', agent0: '역할, 난이도 목표, 두 블록 출력 형식' },
    plain: { role: '도구 없는 해답자', agent0: '한 줄: 단계별로 추론하고 최종 답은 «\\boxed{}»에' },
    tool: {
      role: '도구를 쓰는 해답자',
      agent0: '결과를 «print()»로 찍는 «```python» 블록을 쓰고 멈춰 결과를 기다림. 최종 답은 «\\boxed{}»에',
    },
    observation: { role: '도구 결과', agent0: '«Code execution result:» 뒤에 붙임' },
  },
  fenceNote:
    'Agent0의 대리 해답자는 도구 결과를 «Code execution result:»라는 말 뒤에 붙이고, 해답자 학습기는 «```output»에서 생성을 멈춥니다. 시뮬레이터는 두 경우 모두 «```output» 울타리 하나를 써서, 작은 모델이 형식 하나만 배우게 합니다.',
  samplingTitle: '단계별 샘플링 설정',
  samplingHead: {
    stage: '단계',
    n: '샘플 수',
    temperature: 'T',
    topP: 'top-p',
    topK: 'top-k',
    turns: '도구 차례',
    agent0: 'Agent0',
  },
  samplingStages: {
    questioner: '출제자 롤아웃',
    proxy: '대리 해답자 (p)',
    pool: '문제 풀',
    labelling: '자기 라벨링 (s)',
    executor: '해답자 롤아웃',
  },
  maxTokens:
    'Agent0는 라벨링 샘플 하나를 «max_tokens = 4096»으로 자릅니다. 여기서는 한 차례의 생성이 코드 블록이 닫히거나, 상자 속 답이 나오거나, 모델의 문맥이 찰 때까지 이어집니다.',
  matchingTitle: '어떤 답을 같은 답으로 세는가',
  matching:
    'Agent0처럼 답을 두 단계로 묶습니다. 먼저 문자열이 같은지, 그다음 수학적으로 같은지 보므로 «\\frac{1}{2}»와 «0.5»는 한 답입니다. Agent0는 mathruler의 채점기를 쓰는데, 이 채점기는 단위와 글자도 정리하고 sympy로 식을 간단히 하므로 «\\sqrt{4}»와 «2»도 같다고 봅니다. 시뮬레이터의 비교기는 수(정수, 소수, 분수, LaTeX 분수)만 정확한 유리수로 읽습니다. 더 좁지만, 이 과제들이 내는 답에는 충분합니다.',
  matchingHead: { a: '답', b: '답', same: '여기서 같은 답?' },
  grpoScriptTitle: 'Agent0의 출제자 스크립트와 이 실행',
  grpoScriptHead: { setting: '설정', agent0: 'Agent0', run: '이 실행' },
  grpoScriptRows: {
    n: '프롬프트당 롤아웃 («rollout.n»)',
    batch: '스텝당 프롬프트 («rollout_batch_size»)',
    steps: '반복당 스텝 («max_steps»)',
    updates: '스텝당 갱신 (갱신 한 번의 프롬프트: «global_batch_size»)',
    save: '체크포인트',
  },
  updatesOf: (rolloutBatch, globalBatch) => `${rolloutBatch / globalBatch} (${rolloutBatch} / ${globalBatch})`,
  stepsKept: (maxSteps, kept) => `${maxSteps} (스크립트는 ${kept}번째 스텝을 병합)`,
  everyStep: '스텝마다',
  everyIteration: '반복이 끝날 때마다',
  degenerateTitle: '그룹의 모양이 가르치는 것',
  degenerate: {
    equal: (count) =>
      `보상이 모두 같음: 어드밴티지가 전부 0이라 그룹이 아무것도 가르치지 못합니다. 이번 배치: ${count}.`,
    outlier: (count) =>
      `보상 하나만 나머지와 다름: 그 롤아웃의 어드밴티지가 커져 갱신이 샘플 하나에 크게 기댑니다. 이번 배치: ${count}.`,
    single: (count) =>
      `롤아웃이 하나뿐인 그룹은 비교할 상대가 없습니다. Agent0의 커리큘럼 학습기는 «rollout.n > 1»을 확인하는 검사에서 멈추고, 이 시뮬레이터는 프롬프트당 출제자 롤아웃이 2개 미만인 설정을 받지 않습니다 (이 실행: ${count}).`,
    split: (count) =>
      `보상이 반반으로 갈림: 어드밴티지가 모두 ±1 가까이 되어 신호가 또렷합니다. 모든 롤아웃이 맞히거나 모두 틀리는 문제는 반대로 보상이 모두 같은 그룹을 만듭니다. 선별이 양 끝의 점수를 버리는 까닭 가운데 하나입니다. 이번 배치: ${count}.`,
  },
  degenerateOutlierA: (g, a) => `G = ${g}인 그룹에서 0들 사이의 1 하나: A = (G − 1)/√G = ${a}.`,
  degenerateSplitA: (g, a) => `G = ${g}인 그룹에서 1과 0이 반씩: A = ±√((G − 1)/G) = ±${a}.`,
  executorRewardTitle: '해답자의 보상',
  executorRewardCounts: (plus, minus) => `최근 해답자 배치: +1인 롤아웃 ${plus}개, −1인 롤아웃 ${minus}개.`,
  yes: '예',
  no: '아니오',
  notesTitle: '공개된 코드와 다른 점, 그리고 이 실행의 선택',
};
