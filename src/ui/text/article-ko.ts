/** 한국어: 실행 데이터 옆에 놓인 두 기사의 각 절. */
import type { ArticleTexts } from './page-types';

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
