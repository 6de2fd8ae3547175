/** 페이지의 한국어 문구 (영어 파일과 같은 내용을 이 제품을 위해 새로 쓴 것). */
import { BACKEND_WHY_KO } from './backend-ko';
import type { Strings } from './types';
import { PREFS_KO } from './prefs-ko';
import { SAFETY_KO } from './safety-ko';
import { CLASSROOM_KO } from './classroom-ko';
import { LOADING_KO } from './loading-ko';
import { bandExamples } from '../lib/band-scores';
import { num } from '../lib/format';
import { EXECUTOR_ALGORITHMS } from '../../core/executor-algorithms';
import { ARTICLE_KO } from './article-ko';
import { NOTES_KO } from './notes-ko';
import { MARKS_KO, TEX_KO } from './marks-ko';
import { METRICS_KO } from './metrics-ko';
import { REPAIR_CHAPTER_KO, REPAIR_RULES_KO, REPAIR_VIEWS_KO } from './repair-ko';
import { REPAIR_NOTES_KO } from './repair-notes-ko';
import { COMPARE_KO } from './compare-ko';
import { ABLATION_KO } from './ablation-ko';
import { COEVOLUTION_KO } from './coevolution-ko';
import { LEVELS_KO } from './levels-ko';
import { CONTRAST_KO } from './contrast-ko';
import { TEACHER_KO } from './teacher-ko';
import { FIGURES_KO } from './figures-ko';
import { PROBLEMS_KO } from './problems-ko';

export const KO: Strings = {
  tagline: '작은 트랜스포머 두 개가 사람이 붙인 정답 없이 강화학습으로 서로를 가르칩니다.',
  controls: {
    step: '한 단계',
    iteration: '한 반복',
    run: '실행',
    pause: '일시정지',
    reset: '처음으로',
    save: '저장',
    load: '불러오기',
    export: '내보내기',
    saveFile: '파일로 저장',
    loadFile: '파일 열기',
    saveFileHint: '이 실행(두 모델, 옵티마이저 상태, 기록)을 .a0run 파일로 내려받기',
    loadFileHint: '같은 설정으로 .a0run 파일에 저장한 실행을 이어가기',
    exportUnipo: 'UNIPO용 내보내기',
    exportUnipoHint: '이 실행의 모든 업데이트를 UNIPO 실행 기록 형식(JSON)으로 내려받아 UNIPO에서 열기',
    iterations: '반복',
    shortcuts:
      '단축키: s = 한 단계, i = 한 반복, 스페이스 = 일시정지(단계 뒤 멈춘 실행은 이어 가기); Tab으로 그래프에 들어가고 ← → 로 그 안의 표시를 오갑니다.',
  },
  status: {
    loading: '모델과 파이썬 샌드박스를 불러오는 중…',
    ready: '준비됨',
    running: '실행 중',
    ended: '녹화된 실행이 끝났습니다.',
    saved: '이 브라우저에 저장했습니다',
    savedFile: '실행을 파일로 내려받았습니다',
    refused: '불러오지 않았습니다. 화면의 실행은 그대로입니다:',
    loaded: '저장한 실행을 불러왔습니다',
    exported: '선별된 문제(Parquet)와 Agent0 인자를 내려받았습니다',
    exportedUnipo: 'UNIPO용 실행 기록을 내려받았습니다',
    noRun: '이 그림은 해당 단계가 실행되면 채워집니다. “한 단계”를 눌러 보세요.',
  },
  crash: {
    stopped: '학습 엔진이 예기치 않게 멈췄습니다 (이유는 상태 줄에 있습니다).',
    resume: (iteration: number) => `${iteration}번째 반복 뒤에 저장된 체크포인트에서 이어가기`,
    noCheckpoint: '아직 체크포인트가 없습니다: 반복이 하나 끝날 때마다 저장됩니다.',
    restart: '실행을 처음부터 다시 시작하기',
    gpuLost: (why: string) => `GPU가 작동을 멈췄습니다 (${why}).`,
    movedResumed: (backend: string, iteration: number) =>
      `실행을 ${backend}(으)로 옮겨 ${iteration}번째 반복 뒤의 체크포인트에서 이어갑니다.`,
    movedRestarted: (backend: string) =>
      `실행을 ${backend}(으)로 옮겨 처음부터 다시 시작했습니다: 끝난 반복이 없어 이어갈 체크포인트가 없었습니다.`,
    checkpointFailed: '이번 반복 뒤의 자동 체크포인트를 이 브라우저에 저장하지 못했습니다. 실행은 계속됩니다.',
  },
  backend: {
    label: '백엔드',
    noWebgpu: '이 브라우저에는 WebGPU가 없어서 더 느린 백엔드로 학습합니다.',
    startFailed:
      '이 브라우저에서는 학습 엔진을 시작하지 못해 실시간 학습을 할 수 없습니다. 녹화된 실행은 어느 브라우저에서나 재생됩니다.',
    threads: (n: number) => `스레드 ${n}개`,
    skipped: {
      'no-webgpu': () => '이 브라우저는 여기서 WebGPU를 제공하지 않습니다 (또는 보안 컨텍스트가 아닙니다)',
      'no-adapter': () => '브라우저가 WebGPU용 GPU 어댑터를 찾지 못했습니다',
      'fallback-adapter': (adapter) =>
        `어댑터가 CPU에서 GPU를 흉내 내는 대체 어댑터${adapter ? `(${adapter})` : ''}뿐입니다`,
    },
    replayOffer: '대신 미리 녹화한 수업용 실행을 재생하기 (즉시)',
    liveOffer: '이 탭에서 직접 학습하기',
    recorded: '같은 엔진이 미리 계산해 둔 녹화 실행입니다.',
    fallback: '건너뜀',
  },
  backendWhy: BACKEND_WHY_KO,
  update: {
    ready: 'Agent0 Lab이 업데이트되었습니다.',
    reload: '새 버전으로 새로 고침',
  },
  settings: {
    title: '설정 (주소에 들어 있어 링크를 공유하면 같은 설정이 열립니다)',
    preset: '프리셋',
    seed: '시드',
    overrides: '덮어쓸 설정, 한 줄에 하나씩: section.key=value',
    backend: '백엔드',
    auto: '자동',
    apply: '적용하고 다시 시작',
    language: 'English',
    mode: '모드',
    live: '실시간',
    replay: '녹화',
  },
  phases: {
    'questioner-rollouts': '출제자 생성',
    'contract-parsing': '형식 검사',
    'solver-proxy': '대리 해답자 풀이',
    'curriculum-reward': '커리큘럼 보상',
    'questioner-update': 'GRPO 갱신',
    'question-pool': '문제 풀',
    'self-labelling': '자기 라벨링',
    curation: '선별 구간',
    'executor-update': 'ADPO 갱신',
    evaluation: '평가',
  },
  chapters: {
    loop: {
      title: '루프',
      body: [
        '두 역할 모두 같은 작은 모델의 복사본에서 출발합니다. *출제자*는 산수 문제를 만들고, *해답자*는 그 문제를 풀며 필요하면 파이썬 코드를 써서 샌드박스에 실행을 맡깁니다. Agent0와 마찬가지로 이것은 대화하는 비서가 아니라 학습 루프입니다. 결과물은 대화가 아니라 두 역할의 새 가중치입니다.',
        '정답을 알려 주는 사람은 없습니다. 출제자는 해답자에게 어렵지만 불가능하지는 않은 문제를 낼 때 보상을 받고, 해답자는 스스로 여러 번 일치한 답에서 배웁니다. 아래 열 단계를 한 바퀴 도는 것이 한 번의 반복입니다.',
      ],
    },
    contracts: {
      title: '역할과 출력 형식',
      body: (c) => [
        `모든 것이 글자이므로 역할마다 지켜야 할 형식이 있습니다. 출제자는 문제를 «question» 태그로 감싸고, 이어서 자기 답을 상자(«\\boxed{}»)에 넣어야 합니다. 둘 중 하나라도 없으면 *형식 위반*입니다. 이때 불확실성 항이 U = −1이 되므로 보상은 R = −1 − ${num(c.reward.repetitionWeight)} × (자기 묶음의 비율) + (도구 항)입니다.`,
        '해답자는 «python» 코드 블록을 열 수 있습니다. 샌드박스가 코드를 실행하고 출력 결과를 «output» 블록으로 붙여 줍니다. 붙여진 토큰은 모델이 쓴 것이 아니므로 손실 계산에서 가려집니다.',
        '이런 형식에는 두 가지 쓰임이 있습니다. 행동하는 에이전트에서는 형식을 읽어 다음 도구 호출을 실행하고, 여기서는 패턴이 형식을 읽어 글을 보상으로 바꿉니다. 그래서 사람도, 따로 학습한 보상 모델도 채점할 필요가 없습니다.',
      ],
    },
    reward: {
      title: '보상 설계',
      body: (c) => [
        `해답자가 도구를 써서(도구 차례 최대 ${c.proxy.maxTurns}번) 같은 문제를 ${c.proxy.candidates}번 풉니다. 다수 답과 같은 답의 비율이 *p*입니다. 모두가 같은 답을 내면 너무 쉬운 문제이고, 아무도 일치하지 않으면 잡음입니다. ` +
          (c.reward.uncertaintyScale === 'min'
            ? '불확실성 U = min(p, 1 − p)는 p = ½에서 가장 큰 값 ½이 됩니다.'
            : '이 실행은 논문의 척도 U = 1 − 2|p − ½|를 씁니다. p = ½에서 1이 되어, 공개된 코드의 min(p, 1 − p)의 두 배입니다.'),
        `거의 같은 문제를 반복하면 벌점을 받습니다. 문제들을 BLEU 거리로 묶고(평균 거리가 ${num(c.reward.clusterThreshold)}보다 작은 동안 묶음을 합칩니다), 각 문제는 자기 묶음이 배치에서 차지하는 비율의 ${num(c.reward.repetitionWeight)}배를 벌점으로 냅니다. 임계값을 움직여 묶음이 바뀌는 것을 보세요. 도구 사용에는 호출 한 번에 ${num(c.reward.toolRewardPerCall)}, 최대 ${c.reward.toolRewardCap}번까지 가산점이 붙습니다.`,
      ],
    },
    labelling: {
      title: '자기 라벨링',
      body: (c) => [
        `학습된 출제자가 문제 ${c.pool.questions}개의 풀을 만들고, 갱신 전의 해답자가 문제마다 ${c.labelling.samples}번씩 풉니다(T = ${num(c.labelling.temperature)}, top-p ${num(c.labelling.topP)}, top-k ${c.labelling.topK}). 같은 답끼리 모은 가장 큰 묶음이 *의사 라벨*이 되고, 그 비율이 점수 *s*가 됩니다.`,
        `${num(c.curation.minScore)} ≤ s ≤ ${num(c.curation.maxScore)}인 문제만 남깁니다. 라벨이 맞을 가능성이 충분히 높으면서도 아직 배울 것이 남은 문제들입니다. 시뮬레이터는 실제 정답도 알고 있어서, 진짜 Agent0가 볼 수 없는 의사 라벨의 정확도를 보여 줄 수 있습니다.`,
      ],
    },
    grpo: {
      title: 'GRPO: 어드밴티지와 클리핑',
      body: [
        '같은 프롬프트에서 나온 롤아웃들이 한 그룹입니다. 각 보상에서 그룹 평균을 빼고 표준편차로 나눕니다. 가치를 예측하는 별도의 네트워크는 학습하지 않고, 그룹 자체가 비교 기준이 됩니다. 보상이 모두 같은 그룹은 아무것도 가르치지 못합니다.',
        '갱신은 각 토큰의 어드밴티지에 새 확률과 옛 확률의 비율 ρ를 곱하고, 한 배치가 정책을 너무 멀리 옮기지 않도록 ρ를 구간 안으로 자르며, 이번 반복을 시작할 때의 모델 쪽으로 KL 벌점을 더합니다.',
      ],
    },
    adpo: {
      title: 'ADPO: 애매한 라벨은 덜 믿기',
      body: (c) => {
        const o = c.executor;
        const ex = bandExamples(c.labelling.samples, c.curation.minScore, c.curation.maxScore);
        const first = ex
          ? `s = ${ex.low}/${ex.n}인 의사 라벨은 s = ${ex.high}/${ex.n}인 라벨보다 훨씬 불확실합니다. 둘 다 선별을 통과하는데도 그렇습니다. `
          : '';
        const a = EXECUTOR_ALGORITHMS[o.algorithm];
        // 다른 알고리즘(예: `executor.algorithm=grpo`)이면 이 실행이 하는 일과 ADPO가 더할 일을 말합니다.
        if (!a.scalesAdvantageByConsistency)
          return [
            `${first}이 실행의 해답자는 ADPO가 아니라 ${a.name}로 갱신됩니다(«executor.algorithm = ${a.id}»). 라벨의 s와 상관없이 그룹의 어드밴티지를 그대로 쓰고, 모든 시퀀스를 같은 구간 [${num(1 - o.epsLow)}, ${num(1 + o.epsHigh)}]로 자릅니다.`,
            `논문이 제안하는 ADPO라면 어드밴티지에 g(s)(s ≤ ${num(o.trustLow)}이면 ${num(o.minScale)}, s ≥ ${num(o.trustHigh)}이면 1)를 곱하고, 애매한 문제의 위쪽 클립을 ε_high(s)로 넓힙니다. «executor.algorithm = adpo»로 바꾸면 볼 수 있습니다.`,
            '해답자 자신의 보상은 둘 중 하나입니다. 마지막 상자 속 답이 의사 라벨과 같으면 r = +1, 다르거나 상자 속 답이 없으면 −1입니다.',
          ];
        return [
          `${first}ADPO는 그룹의 어드밴티지에 g(s)를 곱합니다. g(s)는 ${num(o.minScale)}(s ≤ ${num(o.trustLow)})에서 1(s ≥ ${num(o.trustHigh)})까지 오르므로, 흔들리는 라벨은 덜 밀어붙입니다.`,
          `같은 문제들에는 위쪽 클립도 넓혀 ε_high(s)를 ${num(o.epsHighMin)}에서 ${num(o.epsHighMin + o.epsHighSpan)}까지 줍니다. 어려운 문제에 드물게 나온 맞는 답이 그래도 강화될 수 있도록 하려는 것입니다.`,
          '해답자 자신의 보상은 둘 중 하나입니다. 마지막 상자 속 답이 의사 라벨과 같으면 r = +1, 다르거나 상자 속 답이 없으면 −1입니다.',
        ];
      },
    },
    curves: {
      title: '반복에 따른 곡선',
      body: [
        '점 하나가 반복 한 번입니다. 점선은 학습 전 기본 모델입니다. 정확도는 따로 떼어 둔 문제들의 실제 정답으로 잽니다.',
      ],
    },
    repair: REPAIR_CHAPTER_KO,
  },
  views: {
    rollouts: '출제자 롤아웃과 형식 검사 결과',
    valid: '유효',
    violated: '위반',
    transcripts: '대리 해답자의 기록 (문제마다 첫 번째 후보)',
    candidates: '후보들의 상자 속 답',
    uncertainty: '불확실성 곡선 위의 문제별 p',
    matrix: 'BLEU 거리 행렬 (묶음 순서로 정렬)',
    threshold: '묶음 임계값',
    clusters: '묶음',
    rewardParts: '롤아웃별 보상의 구성',
    pool: '학습된 출제자가 만든 문제 풀 (출제자 자신의 상자 속 답 포함)',
    votes: '문제마다 아홉 표 (같은 색 = 같은 묶음)',
    histogram: '문제 풀의 점수 s와 선별 구간',
    pseudo: '의사 라벨과 실제 정답',
    kept: '남김',
    dropped: '버림',
    groups: '그룹: 보상, 평균 ± 표준편차, 어드밴티지',
    noSignal: '신호 없음',
    ratios: '토큰별 비율 ρ와 클립 구간',
    clipFractions: '미니배치 갱신마다 잘린 비율',
    tokens: '토큰 띠: 색 = 어드밴티지, 빗금 = 가려진 토큰',
    adpoCurves: 'g(s)와 ε_high(s), 이번 배치의 문제들',
    executorGrpo: '이 실행에서 해답자의 GRPO 갱신: 어드밴티지와 클립 구간',
    compare: '같은 배치: GRPO 어드밴티지와 ADPO 어드밴티지',
    curves: '반복별 지표',
    questioner: '출제자',
    executor: '해답자',
    update: '갱신',
    question: '문제',
    truth: '실제 정답',
    rollout: '롤아웃',
    ...REPAIR_VIEWS_KO,
  },
  repairRules: REPAIR_RULES_KO,
  repairNotes: REPAIR_NOTES_KO,
  notes: NOTES_KO,
  marks: MARKS_KO,
  metrics: METRICS_KO,
  article: ARTICLE_KO,
  tex: TEX_KO,
  problem: (p) =>
    p.field === 'seed'
      ? `시드 "${p.value}"는 0 이상의 정수가 아니어서 기본값을 씁니다`
      : `${{ preset: '프리셋', backend: '백엔드', compare: '비교', projector: '프로젝터', lesson: '수업 화면', handout: '유인물', pace: '진행 속도', follow: '단계 따라가기', text: '글자 크기', teacher: '교사용 페이지' }[p.field]} "${p.value}"는 ${p.allowed} 중 하나가 아니어서 기본값을 씁니다`,
  errors: PROBLEMS_KO,
  compare: COMPARE_KO,
  coevolution: COEVOLUTION_KO,
  levels: LEVELS_KO,
  contrast: CONTRAST_KO,
  teacher: TEACHER_KO,
  ablation: ABLATION_KO,
  figures: FIGURES_KO,
  safety: SAFETY_KO,
  classroom: CLASSROOM_KO,
  prefs: PREFS_KO,
  loading: LOADING_KO,
};
