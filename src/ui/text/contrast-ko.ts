/** Korean words of the co-evolution figures (the English file says the same). */
import type { ContrastFinding, MixFinding } from '../../engine/studies/coevolution-contrast';
import { HARD_DIFFICULTY } from '../../engine/loop/metrics';
import { fmt, pct, signed } from '../lib/format';
import type { ContrastTexts } from './contrast-types';

function mixFinding(f: MixFinding): string {
  const noise = `문제 ${f.first.questions}개와 ${f.last.questions}개에서 표준오차의 두 배는 ±${fmt(2 * f.standardError, 1)}%p입니다`;
  const moved = f.withinNoise
    ? `측정할 만한 변화가 없습니다(${signed(f.change, 1)}%p, ${noise})`
    : `${fmt(Math.abs(f.change), 1)}%p ${f.change > 0 ? '늘어납니다' : '줄어듭니다'}(${noise})`;
  return `난이도 ${HARD_DIFFICULTY} 이상 문제는 풀 ${f.first.iteration}의 ${pct(f.from)}, 풀 ${f.last.iteration}의 ${pct(f.to)}입니다. 어려운 문제의 비율은 ${moved}.`;
}

const range = (s: { mean: number; min: number; max: number }) =>
  `${fmt(s.mean, 2)}(시드 ${fmt(s.min, 2)}–${fmt(s.max, 2)})`;

function contrastFinding(f: ContrastFinding): string {
  const last =
    f.last === 'below'
      ? '출제자를 고정한 실행의 모든 시드가 전체 실행의 모든 시드보다 낮습니다'
      : f.last === 'above'
        ? '출제자를 고정한 실행의 모든 시드가 전체 실행의 모든 시드보다 높습니다'
        : '시드의 범위가 겹칩니다. 측정할 만한 차이가 없습니다';
  const first = f.first === 'within' ? '범위가 겹칩니다' : '범위가 이미 떨어져 있습니다';
  return (
    `반복 ${f.iterations} 뒤 전체 실행의 풀 평균 난이도는 ${range(f.full.last)}, 출제자를 고정한 실행은 ${range(f.frozen.last)}입니다. ${last}. ` +
    `반복 1 뒤에는(전체 ${range(f.full.first)}, 고정 ${range(f.frozen.first)}) ${first}. ` +
    `배우는 출제자는 해답자가 나아질수록 더 어려운 문제를 쓰고, 고정한 출제자는 그러지 않습니다.`
  );
}

export const CONTRAST_KO: ContrastTexts = {
  mixTitle: '반복에 따른 문제 풀의 난이도 구성',
  mixIntro:
    '막대 하나가 교실용 녹화에서 한 반복의 문제 풀이며, 오라클이 매긴 난이도(1은 한 자리 수 두 개의 덧셈·뺄셈, 2–7은 단계마다 피연산자가 많아지고 길어지는 두 단계 문제)로 나뉩니다. 해답자가 나아지면 출제자는 p = 0.5 근처의 문제로 보상을 받으므로, 풀은 더 높은 난이도로 옮겨 가야 합니다.',
  mixBar: (iteration, questions) => `풀 ${iteration}(${questions})`,
  level: (level) => `난이도 ${level}`,
  mixTip: (iteration, level, share, count) => `반복 ${iteration}의 문제 풀, 난이도 ${level}\n${share}(문제 ${count}개)`,
  hardLine: (level) => `선 위: 난이도 ${level}–7`,
  mixAxis: '반복별 문제 풀(난이도가 매겨진 문제 수)',
  shareAxis: '풀에서의 비율',
  mixFinding,
  contrastTitle: '공진화와 고정한 출제자의 비교',
  contrastIntro: (seeds, iterations) =>
    `녹화한 절제 실험(시드 ${seeds}개, 반복 ${iterations}번)에서 반복마다 문제 풀의 평균 난이도입니다. 만든 그대로의 Agent0과, 출제자를 한 번도 갱신하지 않은 같은 실행(questioner.train=false)을 비교합니다. 가는 선은 시드 하나, 굵은 선은 그 평균입니다.`,
  full: '전체 실행',
  frozen: '출제자 고정',
  iterationAxis: '반복',
  difficultyAxis: '풀 평균 난이도',
  contrastTip: (run, iteration, mean, min, max) => `${run}, 반복 ${iteration}\n평균 ${mean}(시드 ${min}–${max})`,
  contrastFinding,
  loading: '녹화를 불러오는 중…',
};
