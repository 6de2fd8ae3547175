/** 믿을 수 없는 입력에 관한 한국어 문구 (safety-types.ts). */
import type { SafetyTexts } from './safety-types';

export const SAFETY_KO: SafetyTexts = {
  savedRuns: { autosave: '자동 체크포인트', save: '마지막 저장', previous: '그 전의 저장' },
  loadedInstead: (loaded, iteration, skipped, why) =>
    `${skipped}을(를) 불러올 수 없어서 대신 ${loaded}(${iteration}번째 반복 뒤에 저장됨)을(를) 불러왔습니다. 이유: ${why}`,
  figureFailed:
    '이 실행의 데이터가 잘못되어 이 그림을 그릴 수 없습니다. 페이지의 나머지는 읽을 수 있는 부분으로 계속 갱신됩니다.',
  figureRetry: '다시 그려 보기',
  linkTitle: '이 링크는 실행의 설정을 바꿉니다:',
  linkFork: (at) => `${at}번째 반복 뒤에 갈라서:`,
  linkDrop: '이 변경 없이 페이지 열기',
  linkForkAsk: (n) =>
    `이 링크는 ${n}번 반복을 돌린 뒤 위의 설정으로 갈라서기를 요청합니다. 요청하기 전에는 아무것도 돌지 않습니다.`,
  linkForkRun: (n) => `${n}번 반복을 돌리고 분기`,
  linkForkStarted: '링크의 분기를 다시 만드는 중…',
};
