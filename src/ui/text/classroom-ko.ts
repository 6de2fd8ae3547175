/** 교실 보기(안내 수업, 유인물, 삽입 그림)의 한국어 문구 (영어 파일과 같은 내용). */
import { LESSON_SCREENS_KO } from './lesson-screens-ko';
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
  startingPython: '첫 도구 호출이 파이썬 샌드박스의 시작을 기다리는 중…',
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
  start: {
    title: '여기서 시작하세요',
    what: 'Agent0 Lab은 이 탭에서 Agent0의 루프를 돌립니다. 출제자가 산수 문제를 쓰고, 해답자가 파이썬 도구로 풀며, 둘은 사람의 정답 없이 강화학습으로 서로에게서 배웁니다. 반복 하나는 위 띠의 열 단계이고, 단계마다 아래 그림 하나를 채웁니다.',
    items: [
      {
        name: '한 단계(s)',
        what: '다음 단계를 실행하고 그 단계가 채운 그림으로 이동합니다. 실행은 반복 전체를 돌립니다.',
      },
      {
        name: '수업',
        what: '17화면짜리 안내 수업을 옆에 띄웁니다. 다음(→, Page Down, 스페이스 또는 프레젠터 리모컨)이 화면을 채우고 넘어가며, ←는 뒤로 가고, 숫자 1–9로 예측에 답합니다.',
      },
      {
        name: '설정',
        what: '녹화 모드는 배포된 실행을 즉시, 어느 컴퓨터에서나 똑같이 재생하고, 실시간 모드는 여기서 학습합니다. 주소가 모든 선택을 담으므로 링크로 같은 설정을 나눌 수 있습니다.',
      },
    ],
    startLesson: '수업 시작',
    hide: '숨기기',
  },
  presetLines: {
    faithful:
      'Agent0 자체의 비율(그룹 크기, 샘플 수, 배치당 갱신 한 번)을 작은 배치 수로: 가장 느리며 논문과 비교할 때 씁니다.',
    classroom: '기본값: 노트북 GPU에서 반복 하나가 몇 초, 배치당 해답자 갱신 네 번이라 ρ가 1을 벗어납니다.',
    tiny: '프롬프트, 롤아웃, 평가 문제가 가장 적습니다: 느린 컴퓨터와 빠른 확인용입니다.',
  },
  overrideKeys: (preset, count) => `키 ${count}개와 ${preset}의 값`,
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
    screens: LESSON_SCREENS_KO,
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
    adpoTitle: 'ADPO: 투표 일치도 s에 따른 신뢰와 클립',
    adpo: '큐레이션이 처음 남긴 문제의 s로: g(s)는 어드밴티지의 크기를, ε_high(s)는 위쪽 클립 경계를 정합니다.',
    paperRow: '논문: 반복 1 뒤',
    questionsTitle: '질문',
    questions: [
      '해답자의 답이 모두 일치하는 문제는 p = 1입니다. 불확실성 항은 얼마이고, 출제자가 왜 이 문제로 보상을 적게 받을까요?',
      '네 롤아웃이 모두 R = 0.2를 받은 그룹: GRPO 어드밴티지는 얼마이고, 갱신은 이 그룹에서 무엇을 배울까요?',
      '다수결로 어떤 문제의 s = 5/9가 나왔습니다. 구간 [0.3, 0.8]에서 큐레이션은 이 문제를 남길까요? 위 식으로 g(s)를 구하세요.',
      '표 5에서 반복 1 뒤에 고정한 해답자의 행을 읽으세요. 풀마다 문제가 30개쯤일 때(se ≈ √(p(1−p)/30)) 통과율이 풀 1에서 마지막 풀까지 표준오차의 두 배보다 많이 내려갈까요?',
      '한 번도 갱신하지 않은 출제자는 왜 풀을 어렵게 만들지 못하고, 전체 실행은 왜 그렇게 할까요?',
    ],
    title: 'Agent0 Lab 유인물',
    run: (seed, iterations) => `시드 ${seed}, 반복 ${iterations}회.`,
    recorded: '앱에 함께 실린 기록된 실행입니다.',
    live: (preset) => `이 브라우저에서 화면에 있는 실행입니다(프리셋 ${preset}).`,
    loop: '순환',
    formulas: '이 실행의 숫자로 본 수식',
    print: '인쇄',
    back: '실험실로 돌아가기',
    reward: (rollout, iteration) => `반복 ${iteration}, 롤아웃 ${rollout}의 커리큘럼 보상:`,
    advantage: (group, iteration) => `반복 ${iteration}, 출제자 그룹 ${group}의 GRPO 어드밴티지:`,
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
