/** Korean words of the teacher page (the English file says the same). */
import type { TeacherTexts } from './teacher-types';

export const TEACHER_KO: TeacherTexts = {
  title: 'Agent0 Lab: 교사용 페이지',
  intro:
    '녹화한 실행의 안내 수업(?mode=replay&lesson=1&projector=1)으로 하는 45분 수업: 진행 계획, 예측 문제의 답, 링크, 교실에 GPU나 네트워크가 없을 때 할 일입니다. 인쇄해서 쓰세요(A4 두세 쪽).',
  goalsTitle: '학습 목표',
  goals: [
    '사람이 단 라벨 없이 출제자와 해답자가 어떻게 함께 진화하는지 설명한다: 누가 쓰고, 누가 풀고, 누가 채점하는가.',
    '커리큘럼 보상을 읽는다: 해답자가 절반쯤 맞히는 문제(p ≈ 0.5)가 왜 가장 많이 받고, 계약을 어기면 왜 −1인가.',
    'GRPO가 언제 기울기를 주지 않는지(보상이 모두 같은 그룹), 클립 구간이 비율 ρ에 무엇을 하는지 말한다.',
    '다수결 자기 라벨링과 큐레이션 구간을 읽고, 잡음 안의 차이(표준오차의 두 배, 시드의 범위)와 측정된 차이를 구별한다.',
  ],
  planTitle: '45분 수업 계획',
  planCols: { minutes: '분', screens: '수업 화면', what: '학생들이 할 일' },
  plan: [
    {
      minutes: '0–5',
      from: 1,
      to: 1,
      what: '루프: 두 역할, 열 단계, 사람의 정답 없음. 누가 해답자를 채점하는지 묻습니다.',
    },
    { minutes: '5–15', from: 2, to: 5, what: '계약, p, 보상. 화면 4에서 투표한 뒤 다음으로 답을 공개합니다.' },
    { minutes: '15–22', from: 6, to: 7, what: 'GRPO: 기울기를 받지 못하는 그룹(투표), 그다음 클립 구간.' },
    { minutes: '22–32', from: 8, to: 12, what: '자기 라벨링, 큐레이션(화면 9 투표), ρ와 클립(화면 11 투표), ADPO.' },
    { minutes: '32–42', from: 13, to: 16, what: '공진화: 곡선, 풀의 난이도 구성, 표 5, 고정한 출제자.' },
    { minutes: '42–45', from: 17, to: 17, what: '수리 실험실의 재구성한 신호. 학생용 자료(?handout=1)를 나눠 줍니다.' },
  ],
  keys: '키(프레젠터 리모컨은 Page Down과 Page Up을 보냅니다): 다음 = →, Page Down 또는 스페이스가 화면을 채우고 예측을 공개한 뒤 넘어갑니다. 이전 = ← 또는 Page Up은 단계를 실행하지 않습니다. 숫자 1–9로 예측에 답합니다.',
  answersTitle: '예측 문제의 답(녹화한 실행)',
  answersIntro:
    '배포된 녹화에서 수업이 각 질문을 묻는 곳, 제시하는 선택지, 정답과 기록의 수치입니다. 실시간 실행은 자기 기록으로 같은 질문을 묻습니다.',
  screen: (step) => `화면 ${step}`,
  parametersTitle: '링크 매개변수',
  parametersIntro: '모든 선택이 주소에 들어 있으므로 슬라이드의 링크가 그대로 재현합니다.',
  parameterCols: { name: '매개변수', values: '값', what: '하는 일' },
  parameters: {
    preset: '실행이 시작하는 프리셋.',
    seed: '실행의 시드.',
    set: '프리셋 위에 얹는 설정 하나, 예: set=executor.algorithm=grpo(여러 번 가능).',
    lang: '페이지의 언어.',
    mode: 'replay는 실시간 학습 대신 녹화한 실행을 재생합니다.',
    backend: '먼저 시도하는 백엔드. 시작하지 못하면 다른 것이 뒤따릅니다.',
    fork: '실시간 실행의 분기: 부모를 AT번 반복한 뒤 바꾼 설정으로. 클릭해야 실행합니다(여러 번 가능).',
    compare: '배포된 두 실행으로 비교 보기를 엽니다.',
    projector: '프로젝터 모드: 흰 배경, 짙은 글자, 큰 글자, 전체 너비.',
    lesson: '안내 수업을 그 화면에서 엽니다.',
    handout: '화면의 실행을 인쇄용 자료로.',
    embed: '녹화한 실행의 그림 하나만, 강의 페이지의 iframe용.',
    teacher: '이 페이지.',
  },
  offlineTitle: 'WebGPU가 없을 때, 네트워크가 없을 때',
  offline: [
    'GPU가 없거나 WebGPU가 거부되면 ?mode=replay를 쓰세요. 녹화한 실행은 즉시, 어느 컴퓨터에서나 똑같이 재생됩니다. 실시간 실행은 스스로 WASM으로 옮기고 헤더가 이유를 말합니다.',
    '네트워크가 없으면 수업 전에 모든 컴퓨터에서 페이지를 한 번 여세요(서비스 워커가 페이지, 모델, 파이썬, 녹화를 보관합니다). 또는 프로젝터 컴퓨터에서 npm run build && npm run preview로 빌드를 띄우세요.',
    '느린 컴퓨터: ?preset=tiny가 가장 작은 실시간 실행입니다. 수업은 녹화에서 똑같이 돌아갑니다.',
  ],
  print: '인쇄',
  back: '페이지로 돌아가기',
  loading: '녹화를 불러오는 중…',
};
