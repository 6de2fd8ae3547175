/** 반복마다 재는 지표(src/engine/loop/metrics.ts)의 한국어 이름: 곡선과 비교 화면에 쓰입니다. */
import { HARD_DIFFICULTY } from '../../engine/loop/metrics';
import type { MetricWords } from './page-types';

export const METRICS_KO: MetricWords = {
  heldOutAccuracy: '평가 문제 정확도',
  hardAccuracy: `난이도 ${HARD_DIFFICULTY} 이상 정확도`,
  hardToolUse: `난이도 ${HARD_DIFFICULTY} 이상 도구 사용률`,
  pseudoLabelAccuracy: '의사 라벨 정확도',
  questionerValidRate: '형식 준수율',
  meanP: '관문 전 평균 p',
  meanPGated: '관문 후 평균 p',
  gatePass: '관문 통과율',
  poolDifficulty: '문제 풀 평균 난이도',
  inBandShare: '구간 안 비율',
  clusterCount: '묶음 수',
  repeatedShare: '반복 묶음 안 비율',
  toolUseRate: '도구 사용률',
  toolCallsPerTask: '롤아웃당 도구 호출',
  clipLowFrac: '아래쪽 클립',
  clipHighFrac: '위쪽 클립',
  kl: 'KL',
};
