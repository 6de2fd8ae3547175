/** 교실 보기(안내 수업, 유인물, 삽입 그림)의 한국어 문구 (영어 파일과 같은 내용). */
import type { ClassroomTexts } from './classroom-types';

export const CLASSROOM_KO: ClassroomTexts = {
  menu: '더 보기',
  pace: '속도',
  paces: {
    continuous: '멈추지 않고',
    'each-phase': '단계마다 멈춤',
    'delay-2': '단계 사이 2초',
    'delay-5': '단계 사이 5초',
    'delay-10': '단계 사이 10초',
  },
  pausing: '이 단계가 끝나면 멈춥니다…',
  heldAfterPhase: (iteration) =>
    `단계가 끝나 멈췄습니다. 스페이스나 실행을 누르면 ${iteration}번째 반복이 끝날 때까지 이어 갑니다`,
  waitingNext: (seconds) => `${seconds}초 뒤 다음 단계`,
  startingPython: '첫 도구 호출을 위해 파이썬을 시작하는 중…',
  progress: {
    writing: (done, total) => `생성 중: 이번 차례 ${total}개 시퀀스 중 ${done}개 멈춤`,
    'tool calls': (done, total) => `실행한 프로그램: 지금까지 작성된 ${total}개 중 ${done}개`,
    'update steps': (done, total) => `업데이트 스텝: ${total}개 중 ${done}개`,
  },
  followPhase: '단계 따라가기',
  projector: '프로젝터 모드',
  chapterPhases: (phases) => `${phases}단계`,
  orderNote:
    '장은 보상을 먼저, 갱신을 나중에 설명하므로 GRPO 갱신(5단계)이 자기 라벨링(6–8단계) 뒤에 나옵니다. 각 링크에 그 장이 다루는 단계를 적었습니다.',
  lessonButton: '수업',
  printButton: '인쇄',
  lesson: {
    label: '안내 수업',
    progress: (step, total) => `${step} / ${total}`,
    previous: '← 이전',
    next: '다음 →',
    close: '수업 닫기',
    keys: '다음: →, Page Down 또는 스페이스(프레젠터 리모컨의 앞으로). 이전: ← 또는 Page Up(단계를 실행하지 않습니다). 숫자 1–9로 예측에 답합니다.',
    nextHint: {
      'run-question': '다음을 누르면 질문이 나올 때까지 실행합니다.',
      reveal: '질문이 열렸습니다. 학생들이 고른 뒤 다음을 누르면 답을 정하는 단계를 실행합니다.',
      'run-figure': '이 그림은 해당 단계가 실행되면 채워집니다. 다음을 누르면 실행합니다.',
      'next-screen': '다음을 누르면 다음 화면으로 넘어갑니다.',
      wait: '단계를 실행하는 중…',
      none: '마지막 화면입니다.',
    },
    digitsHint: (count) => `숫자 1–${count}로 답합니다.`,
    noPick: '선택 없이 공개했습니다. 학생들의 투표와 비교해 보세요.',
    teacherNotes: '교사용 메모',
    showFigure: '그림 보기',
    figureEmpty: '이 그림은 해당 단계가 실행되면 채워집니다.',
    runToFigure: '데이터가 생길 때까지 실행',
    notYetAsked: '이 질문은 답을 정하는 단계 바로 앞에서 묻습니다.',
    runToQuestion: '질문까지 실행',
    running: '단계를 실행하는 중…',
    recordingEnded: '기록에 이 질문을 물을 곳이 더 없습니다. 다시 물으려면 실행을 초기화하세요.',
    chose: (choice) => `학급의 선택: ${choice}`,
    askAgain: '다시 묻기',
    revealing: '답을 정하는 단계를 실행하는 중…',
    right: '맞았습니다.',
    wrong: '이번엔 틀렸습니다.',
    none: '없음',
    screens: {
      loop: {
        title: '두 역할, 하나의 순환',
        body: '작은 모델 하나를 두 역할로 복사합니다. 출제자는 문제를 쓰고 풀이자는 문제를 풉니다. 반복마다 그림의 열 단계를 거치며, 사람은 정답을 주지 않습니다.',
        note: '아무도 답을 모르면 풀이자는 누가 채점하는지 물어보세요. 답은 8–9번 화면에 나옵니다(풀이자가 다수결로 스스로 채점합니다).',
      },
      contracts: {
        title: '계약',
        body: '출제자의 롤아웃은 문제를 question 태그에 넣고 자기 답을 상자에 담아야 합니다. 이 계약을 어기면 다른 것과 상관없이 U = −1을 받습니다.',
        note: '위반된 행을 가리키세요. 두 역할이 주고받는 것은 글뿐이라, 형식 규칙이 있어야 글에서 문제를 읽어 낼 수 있습니다.',
      },
      proxy: {
        title: '문제는 얼마나 어려운가? p',
        body: '풀이 대리(풀이자)가 각 문제를 여러 번 풉니다. p는 다수 답과 같은 답의 비율입니다. 불확실성 항은 p = 0.5에서 가장 크고 p = 1에서 0입니다.',
        note: 'p는 정확도가 아닙니다. 답이 모두 틀렸어도 모두 같으면 p = 1입니다. 출제자가 어떤 p를 노려야 할지 물어보세요.',
      },
      'predict-reward': {
        title: '예측: 가장 높은 보상',
        body: '커리큘럼 보상은 불확실성 항을 더하고, 배치의 다른 문제와 비슷하면 벌점을 빼고, 도구 호출에 조금 보탭니다.',
        note: '누르기 전에 손을 들어 투표하게 하세요. 그다음 각 항을 읽어 주세요. 반복 벌점 때문에 p가 0.5에 가장 가까운 문제가 이기지 않을 때가 많습니다.',
      },
      repetition: {
        title: '반복 벌점',
        body: '문제를 BLEU 거리로 묶고, 각 롤아웃은 자기 묶음이 배치에서 차지하는 비율만큼 벌점을 받습니다. 같은 쉬운 문제를 여덟 번 써도 이득이 없습니다.',
        note: '대각선에서 가장 큰 블록을 찾으세요. 가장 많이 반복되어 벌점을 가장 많이 받는 문제입니다.',
      },
      'predict-no-gradient': {
        title: '예측: 기울기가 없는 그룹은?',
        body: 'GRPO는 같은 프롬프트의 롤아웃 그룹 안에서 보상을 비교합니다: A = (R − 평균) / 표준편차. 보상이 모두 같은 그룹은 비교할 것이 없습니다.',
        note: '규칙: 보상이 모두 같으면 이점이 모두 0이고 그 그룹에서는 기울기가 없습니다. 학생들은 작은 기울기를 예상하곤 합니다.',
      },
      'grpo-clip': {
        title: 'ρ 자르기',
        body: '업데이트마다 같은 배치를 여러 번 씁니다. ρ는 새 정책의 확률을 옛 정책의 확률로 나눈 값이고, ρ가 [1 − ε_low, 1 + ε_high] 밖으로 나가는 움직임은 더 보상하지 않습니다.',
        note: '첫 업데이트에서는 모든 토큰의 ρ가 정확히 1이라 잘릴 수 없습니다. 한 배치의 업데이트가 거듭될수록 잘린 비율이 커집니다.',
      },
      votes: {
        title: '자기 라벨링: 풀이자가 스스로 채점',
        body: '풀이자가 각 문제를 여러 번 풉니다. 다수 답이 의사 라벨이 되고, s는 다수 답이 얻은 표의 비율입니다.',
        note: '1번 화면의 질문에 대한 답입니다. 다수가 자신 있게 틀리면 어떻게 되는지 물어보세요(의사 라벨 표 참고).',
      },
      'predict-curation': {
        title: '예측: 선별에서 남을까?',
        body: '선별은 자기 일관성 s가 구간 안에 있는 문제만 남깁니다. 너무 쉬우면(s가 1에 가까우면) 배울 것이 없고, 너무 갈리면(s가 낮으면) 라벨을 믿기 어렵습니다.',
        note: '먼저 표에서 s를 계산하게 하세요. 가장 많은 표 수를 전체 표 수로 나눈 값입니다.',
      },
      pseudo: {
        title: '의사 라벨은 맞았을까?',
        body: '페이지는 참 답을 알고 있습니다(엔진은 학습에 쓰지 않습니다). 각 행은 다수 답이 맞았는지 보여 줍니다.',
        note: '남은 문제의 라벨이 틀리면 풀이자를 틀린 답 쪽으로 학습시킵니다. 구간이 이것을 어떻게 조절하는지 물어보세요.',
      },
      'predict-clip': {
        title: '예측: ρ는 언제 구간을 벗어날까?',
        body: '풀이자의 업데이트는 한 배치로 옵티마이저 업데이트를 여러 번 합니다. ADPO는 문제마다 자기 상한 ε_high(s)를 줍니다.',
        note: '답은 결코 “업데이트 1”이 아닙니다. 정책이 움직이기 전에는 ρ ≡ 1입니다. 그다음은 업데이트가 정책을 얼마나 움직이느냐에 달렸습니다.',
      },
      adpo: {
        title: 'ADPO: s만큼 라벨을 믿기',
        body: 'ADPO는 각 문제의 이점에 g(s)를 곱하고(애매한 문제일수록 작게), 애매한 문제는 더 큰 ε_high(s)로 위쪽으로 더 움직이게 합니다.',
        note: '그림에서 한 문제의 s를 읽고 g(s)와 ε_high(s)까지 따라가 보세요.',
      },
      curves: {
        title: '반복에 걸쳐 바뀐 것',
        body: '점 하나가 반복 하나이고, 점선은 학습 전 기본 모델입니다. 정확도는 참 답이 있는 따로 떼어 둔 문제로 잽니다.',
        note: '공진화가 통한다면 어떤 곡선이 올라가야 하는지, 이 작은 실행에서 평평한 곡선은 무엇이고 왜인지 물어보세요.',
      },
      'level-mix': {
        title: '공진화: 문제가 어려워집니다',
        body: '교실용 녹화의 문제 풀을 반복마다 오라클의 난이도로 나눴습니다. 아무도 출제자에게 어려운 문제를 쓰라고 하지 않았습니다. 출제자는 해답자가 절반쯤 맞히는 문제로 보상을 받을 뿐입니다.',
        note: '풀이 왜 높은 난이도로 옮겨 가는지 물어보세요. 해답자가 나아지면 어제 p ≈ 0.5였던 문제가 이제 p ≈ 1이 되어 보상이 적습니다. 그다음 문장을 읽으세요. 변화가 표준오차의 두 배보다 큰지 말해 줍니다.',
      },
      table5: {
        title: '공진화: 고정한 해답자가 모든 풀을 풀 때(표 5)',
        body: '반복 0, 1, 3, 마지막 뒤에 고정한 해답자가 모든 반복의 풀을 풉니다. 행을 따라 읽으면 같은 해답자가 뒤 풀을 덜 통과하는지, 열을 따라 내려가면 뒤 해답자가 같은 풀을 더 통과하는지 보입니다.',
        note: '먼저 물어보세요. 반복 1 뒤에 고정한 해답자는 마지막 풀을 첫 풀보다 더 많이 통과할까요, 더 적게 통과할까요? 그다음 문장을 읽으세요. 풀마다 문제가 30개쯤이면 몇 %p는 문제 하나이고, 표준오차의 두 배 안의 변화는 측정할 만한 변화가 없다고 씁니다.',
      },
      'pool-contrast': {
        title: '공진화와 고정한 출제자의 비교',
        body: '녹화한 절제 실험은 만든 그대로의 Agent0과 출제자를 한 번도 갱신하지 않은 같은 실행을 돌립니다. 배우는 출제자만 해답자가 나아질수록 풀의 난이도를 올립니다.',
        note: '공진화를 보여 주는 대비입니다. 두 실행이 비슷하게 시작하는지, 어디서 갈라지는지 물어보세요. 그림 아래 문장이 시드로부터, 범위가 아직 겹치는지 한 실행의 모든 시드가 다른 실행의 모든 시드보다 낮은지 말해 줍니다.',
      },
      repair: {
        title: '신호 다시 빚기: 코드 수리',
        body: '수리 실험실에서는 심판이 마지막 테스트뿐 아니라 수정의 각 단계를 채점합니다. 단계의 이점은 과정 가중치로 다시 빚어집니다.',
        note: '결과만 본 이점과 과정 가중 이점을 비교하세요. 같은 최종 보상도 다른 단계에 공을 돌릴 수 있습니다. 토론거리: 표의 마지막 문장은 녹화된 시드들에서 모든 변형을 full과 비교합니다. 더 단순한 보상이 full을 앞선다면(논문과 반대), 이 시뮬레이터의 무엇이 그렇게 만들 수 있는지 물어보세요(이미 컴파일되는 코드는 고치지 않아도 가운데 등급을 받고, 에피소드가 짧아 과정 가중치가 옮길 몫이 적음). 그리고 시드 간 범위 안의 차이를 왜 변화 없음으로 보는지도 물어보세요.',
      },
    },
    topReward: {
      question: (iteration) =>
        `반복 ${iteration}: 풀이 대리가 p를 쟀습니다. 이 문제 중 커리큘럼 보상 R이 가장 높을 것은?`,
      choice: (question, p) => `${question} (p = ${p})`,
      broken: (rollout) => `계약을 어긴 롤아웃 ${rollout}(풀 문제가 없음)`,
      answer: (question, total) => `가장 높음: “${question}”, R = ${total}.`,
      row: (question, u, penalty, tool, total) =>
        `${question}: U = ${u}, 벌점 = ${penalty}, 도구 = ${tool} → R = ${total}`,
    },
    noGradient: {
      question: (iteration) => `반복 ${iteration}: 각 그룹의 보상입니다. 출제자에게 기울기를 주지 못할 그룹은?`,
      choice: (group, rewards) => `그룹 ${group}: ${rewards}`,
      answerNone: '없습니다. 모든 그룹에 서로 다른 보상이 둘 이상 있어서 모든 그룹이 정책을 움직입니다.',
      answer: (groups) => `그룹 ${groups}에서는 기울기가 없습니다. 보상이 모두 같아 표준편차 = 0이고 모든 A = 0입니다.`,
      row: (group, std, signal) => `그룹 ${group}: 표준편차 = ${std}${signal ? '' : ' → A = 0'}`,
    },
    curation: {
      question: (question, lo, hi) => `선별은 ${lo} ≤ s ≤ ${hi}인 문제를 남깁니다. “${question}”은 남을까요?`,
      votes: (buckets, votes) => `${votes}표: ${buckets}`,
      keep: '남음',
      drop: '버려짐',
      answer: (kept, score, lo, hi) =>
        `${kept ? '남음' : '버려짐'}: s = ${score}, [${lo}, ${hi}] ${kept ? '안' : '밖'}입니다.`,
    },
    clip: {
      question: (updates) =>
        `풀이자의 업데이트는 배치 하나로 옵티마이저 업데이트를 ${updates}번 합니다. ρ가 처음 자르기 구간을 벗어나는 업데이트는?`,
      choice: (update) => `업데이트 ${update}`,
      never: '벗어나지 않음',
      answer: (first) =>
        first === null
          ? '이 배치에서 ρ는 구간을 벗어나지 않았습니다.'
          : `ρ는 업데이트 ${first}에서 처음 구간을 벗어났습니다.`,
      row: (update, low, high, dual) => `업데이트 ${update}: 아래로 잘림 ${low}, 위로 잘림 ${high}, 이중 ${dual}`,
    },
  },
  handout: {
    title: 'Agent0 Lab 유인물',
    run: (seed, iterations) => `시드 ${seed}, 반복 ${iterations}회.`,
    recorded: '앱에 함께 실린 기록된 실행입니다.',
    live: (preset) => `이 브라우저에서 화면에 있는 실행입니다(프리셋 ${preset}).`,
    loop: '순환',
    formulas: '이 실행의 숫자로 본 수식',
    curves: '곡선',
    noIterations: '아직 끝난 반복이 없습니다. 유인물을 채우려면 한 번 이상 실행하세요.',
    print: '인쇄',
    back: '실험실로 돌아가기',
    reward: (rollout, iteration) => `반복 ${iteration}, 롤아웃 ${rollout}의 커리큘럼 보상:`,
    advantage: (group, iteration) => `반복 ${iteration}, 출제자 그룹 ${group}의 GRPO 이점:`,
    curation: (kept, total, lo, hi) =>
      `자기 일관성 s. 선별은 ${lo} ≤ s ≤ ${hi}인 문제 ${total}개 중 ${kept}개를 남겼습니다:`,
    clip: (epsLow, epsHigh) => `출제자의 자르기 목적 함수 (ε_low = ${epsLow}, ε_high = ${epsHigh}):`,
    clipPerSequence: (epsLow, algorithm) => `ε_low = ${epsLow}. 풀이자의 ε_high(s)는 ${algorithm}가 문제마다 정합니다.`,
  },
  embed: {
    label: '기록된 실행의 그림',
    previous: '◀ 이전',
    next: '다음 ▶',
    position: (stop, stops, iteration) => `${stop} / ${stops} · 반복 ${iteration}`,
    unknown: (name, known) => `“${name}”이라는 그림은 없습니다. 다음 중 하나를 쓰세요: ${known}.`,
    openFull: '실험실 전체 열기',
  },
};
