/** Korean words of the Tables 3 / 9 view (the English file says the same). */
import type { AblationFinding } from '../../engine/studies/ablation-table';
import type { AblationTexts } from './ablation-types';

const VARIANT: AblationTexts['variant'] = {
  full: 'Agent0 전체',
  'no-curriculum-training': '출제자 학습 없음',
  'no-tool-reward': '도구 보상 없음',
  'no-repetition-penalty': '반복 벌점 없음',
  'grpo-executor': 'ADPO 대신 GRPO로 학습한 해답자',
  'single-turn-executor': '한 턴만 쓰는 해답자',
  'curriculum-one-turn': '한 턴만 쓰는 출제자 (표 9)',
};

const names = (ids: AblationFinding['below']) => ids.map((id) => `‘${VARIANT[id]}’`).join(', ');

function finding(f: AblationFinding): string {
  const measure =
    f.key === 'final' ? `반복 ${f.iterations} 뒤의 평가 정확도` : `반복 1–${f.iterations}에 걸쳐 평균한 평가 정확도`;
  const sentences = [
    `시드 ${f.seeds}개에서 각각 반복 ${f.iterations}번을 돌렸고, 평가마다 평가 문제 ${f.questions}개를 채점했습니다. ${measure}로 보면 ` +
      (f.below.length > 0
        ? `${names(f.below)}은(는) 시드 간 퍼짐 밖에서 전체 실행보다 낮습니다(모든 시드가 전체 실행의 모든 시드보다 낮음).`
        : '시드 간 퍼짐 밖에서 전체 실행보다 낮은 변형은 없습니다.'),
  ];
  if (f.within.length > 0)
    sentences.push(`${names(f.within)}은(는) 퍼짐 안에 있어, 이 시드들로는 전체 실행과 구별할 수 없습니다.`);
  if (f.above.length > 0)
    sentences.push(
      `${names(f.above)}은(는) 퍼짐 밖에서 전체 실행보다 높습니다(모든 시드가 전체 실행의 모든 시드보다 높음).`,
    );
  if (f.seeds === 1)
    sentences.push('시드가 하나뿐이라 퍼짐이 없으므로, 차이는 모두 실행 하나와 실행 하나의 비교입니다.');
  sentences.push('논문은 변형마다 숫자 하나만 보고하며, 시드나 오차 막대는 없습니다.');
  return sentences.join(' ');
}

export const ABLATION_KO: AblationTexts = {
  title: '표 3과 표 9: 시드에 걸친 절제 실험',
  intro: (preset) =>
    `Agent0의 표 3은 구성 요소를 하나씩 빼 보고, 표 9는 출제자가 도구 턴 네 번 대신 한 번만 쓰게 합니다. 여기서는 각 변형이 «${preset}» 프리셋에 그 행의 설정을 얹은 것이고, 같은 평가 문제로 여러 시드에서 돌립니다. 시드마다 점 하나, 그 평균에 막대 하나를 그리고, 모든 행 뒤에 전체 실행의 시드 범위를 음영으로 깝니다. 행 옆에는 전체 실행과의 차이(%p)와 논문의 차이를 적습니다.`,
  variant: VARIANT,
  finalMeasure: (iterations) => `마지막 반복(${iterations}) 뒤`,
  averageMeasure: (iterations) => `반복 1–${iterations}의 평균`,
  measure: '평가 정확도',
  axis: '평가 정확도',
  colVariant: '변형',
  colSettings: '설정',
  colSeeds: '시드별',
  colMean: '평균 (최소–최대)',
  colDifference: '전체 실행과의 차이',
  colSeparation: '시드 간 퍼짐과 비교',
  colPaperMath: '논문, 수학',
  colPaperGeneral: '논문, 일반',
  defaults: '프리셋 기본값',
  points: (d) => `${d}%p`,
  paperPair: (math, general, table) => `논문(표 ${table}): ${math} / ${general}`,
  separation: {
    below: '퍼짐 밖에서 낮음',
    above: '퍼짐 밖에서 높음',
    within: '퍼짐 안',
  },
  seedTip: (variant, seed, accuracy) => `${variant}\n시드 ${seed}: 평가 정확도 ${accuracy}`,
  meanTip: (variant, mean, min, max, difference) =>
    `${variant}\n평균 ${mean} (시드 ${min}–${max})\n전체 실행과의 차이: ${difference}`,
  fullBand: '전체 실행의 시드 범위',
  seedLegend: '시드 하나',
  meanLegend: '시드 평균',
  paperNote: (table3, table9) =>
    `논문의 차이는 «Qwen3-8B»에서 잰 %p입니다. 표 3은 수학·일반 평균을 Agent0 전체(${table3})와 비교하고, 표 9는 출제자 한 턴을 네 턴(${table9})과 수학·일반 열에서 비교합니다.`,
  loading: '녹화된 절제 실험을 불러오는 중…',
  finding,
};
