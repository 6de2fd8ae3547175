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
    `단계가 끝나 멈췄습니다. 실행을 누르면 ${iteration}번째 반복이 끝날 때까지 이어 갑니다`,
  waitingNext: (seconds) => `${seconds}초 뒤 다음 단계`,
  startingPython: '첫 도구 호출을 위해 파이썬을 시작하는 중…',
  programsRun: (done, total) => `실행한 프로그램: 지금까지 작성된 ${total}개 중 ${done}개`,
  followPhase: '단계 따라가기',
  projector: '프로젝터 모드',
  chapterPhases: (phases) => `${phases}단계`,
  orderNote:
    '장은 보상을 먼저, 갱신을 나중에 설명하므로 GRPO 갱신(5단계)이 자기 라벨링(6–8단계) 뒤에 나옵니다. 각 링크에 그 장이 다루는 단계를 적었습니다.',
};
