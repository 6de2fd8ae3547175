/** 곡선 장의 난이도 지도 (src/ui/figures/curves/LevelMaps.svelte) 한국어 문구 (영어 파일과 같은 내용). */
import type { LevelTexts } from './levels-types';

const column = (i: number) => (i === 0 ? '기본' : String(i));
const at = (d: number, i: number) => `난이도 ${d}, ${i === 0 ? '기본 모델' : `${i}회차`}`;

export const LEVELS_KO: LevelTexts = {
  intro:
    '각 지도는 난이도마다 한 행(7이 맨 위), 회차마다 한 열입니다. 검증 정확도는 실행자가 각 난이도에서 어디에 있는지, 풀의 난이도 구성은 출제자가 어떤 난이도를 쓰는지 보여 줍니다. 마지막 두 지도는 난이도별로 출제자의 문제 가운데 서로 반복되는 문제(두 개 이상인 BLEU 묶음)의 비율과, 라벨이 붙은 문제 가운데 선별 구간이 학습에 들여보내는 비율입니다.',
  title: {
    accuracy: '난이도별 검증 정확도',
    pool: '풀의 난이도 구성',
    repeated: '반복 묶음 안 비율',
    admitted: '선별 구간이 받아들인 비율',
  },
  level: (d) => String(d),
  column,
  levelsAxis: '난이도',
  iterationsAxis: '회차',
  tip: (kind, d, i, value, n) => {
    const where = at(d, i);
    if (kind === 'accuracy') return `${where}: 문제 ${n}개 중 검증 정확도 ${value}`;
    if (kind === 'pool') return `${where}: 풀 문제 ${n}개, 난이도가 매겨진 풀 문제의 ${value}`;
    if (kind === 'repeated') return `${where}: 쓴 문제 ${n}개 중 ${value}가 반복 묶음 안`;
    return `${where}: 라벨이 붙은 문제 ${n}개 중 선별 구간이 ${value}를 받아들임`;
  },
  noTip: (kind, d, i) => `${at(d, i)}: ${kind === 'accuracy' ? '평가하지 않음' : '이 난이도의 문제 없음'}`,
  legend: (p) => `비율 ${p}`,
  none: '이 실행의 요약에는 난이도별 수치가 없습니다 (이 수치를 재기 전에 저장되었습니다).',
};
