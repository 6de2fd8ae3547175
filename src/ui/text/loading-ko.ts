/** Korean words of the loading bar (the English file says the same). */
import type { LoadingTexts } from './loading-types';

/** Bytes in kB (1 kB = 1,000 bytes), whole. */
const kB = (bytes: number) => Math.round(bytes / 1000).toLocaleString('ko');

export const LOADING_KO: LoadingTexts = {
  label: '실시간 실행을 불러오는 중',
  steps: {
    code: '엔진 코드',
    model: '기본 모델',
    backend: '계산 백엔드',
    run: '실행의 모델',
    'warm-up': '첫 학습 단계',
    python: '파이썬 샌드박스',
  },
  bytes: (done, total) => (total === null ? `${kB(done)} kB` : `${kB(total)} kB 중 ${kB(done)} kB`),
  runtimes: (done, total) => `런타임 ${total}개 중 ${done}개 시작됨`,
  failed: '시작하지 못함: 첫 도구 호출 때 다시 시작합니다',
  over: (done, total) => `${total}단계 중 ${done}단계 완료`,
};
