/** Korean sentences of the signal-reshaping chapter read off its recording: its settings, the seeds' table and the paper's orderings. */
import { NOISE_STANDARD_ERRORS } from '../../core/stats';
import { signed } from '../lib/format';
import type { FullComparison, RepairClaim } from '../../repair/claims';
import type { RepairNoteTexts } from './types';

/** The recorded run's settings, said beside its views. */
export const REPAIR_NOTES_KO: RepairNoteTexts = {
  recording: (c) =>
    `이 실행에서는 검사나 실행 한 번마다 환경이 ${c.failureRate}의 확률로 실패합니다(절반은 충돌, 절반은 시간 초과). 실패는 시드 ${c.seed}로 정해지므로 모든 변형이 같은 실패를 만납니다. 평가 곡선은 학습에 쓰지 않은 고정 스니펫 ${c.evalTasks}개를 ` +
    (c.evalTemperature === 0
      ? '가장 확률이 높은 토큰만 골라'
      : `T = ${c.evalTemperature}${c.evalTemperature === c.temperature ? '(학습 때와 같은 온도)' : ''}로 샘플링해`) +
    ` 그리며, 평가에서는 실패를 주입하지 않습니다. 평균 보존 방식은 나누기 전에 ${c.weightFloor}보다 낮은 점수를 ${c.weightFloor}로 올립니다.`,
  claims: (claims, n, seeds, regime) => {
    const v = (x: number) => x.toFixed(3);
    const one = seeds.length === 1;
    const said: Record<RepairClaim['outcome'], string> = {
      holds: '논문의 순서가 맞습니다',
      reversed: '순서가 뒤집혔습니다',
      'cannot-tell': one ? '이 실행으로는 둘을 구별할 수 없습니다' : '이 시드들로는 둘을 구별할 수 없습니다',
    };
    const name = (variant: string) => (variant === 'base' ? '학습 전 모델' : variant);
    const side = (variant: string, s: RepairClaim['higherSeeds']) =>
      `${name(variant)} ${v(s.mean)}${one || s.min === s.max ? '' : ` (${v(s.min)}–${v(s.max)})`}`;
    const claim = (c: RepairClaim) =>
      c.rule === 'standard-error'
        ? `${name(c.higher)} ${v(c.gap.intended)} 대 ${name(c.lower)} ${v(c.gap.changed)} (차이 ${signed(c.gap.cost, 3)}, 표준오차의 ${NOISE_STANDARD_ERRORS}배 ${v(NOISE_STANDARD_ERRORS * c.gap.standardError)}): ${said[c.outcome]}`
        : `${side(c.higher, c.higherSeeds)} 대 ${side(c.lower, c.lowerSeeds)}: ${said[c.outcome]}`;
    const rule = one
      ? `이 녹화로 말할 수 있는 것: 시드 하나, 평가 에피소드 ${n}개에서의 마지막 엄격 정확도이며, 차이는 표준오차의 ${NOISE_STANDARD_ERRORS}배 이상일 때만 셉니다. `
      : `이 녹화로 말할 수 있는 것: 시드 ${seeds.join(', ')}에서 각각 평가 에피소드 ${n}개로 잰 마지막 엄격 정확도(시드 평균과 시드 간 범위)이며, 한쪽의 모든 시드가 다른 쪽의 모든 시드보다 높을 때만 순서를 셉니다. `;
    return (
      rule +
      claims.map(claim).join('; ') +
      `. 학습 전에 이미 모델은 스니펫의 ${v(regime.compile)}을(를) 컴파일하고, 스니펫 자체의 실행까지 통과하도록 ${v(regime.strict)}을(를) 완전히 고칩니다(논문의 제로샷 모델은 엄격 정확도 0.385).` +
      (regime.strictNoSignal === null
        ? ''
        : ` binary-strict의 첫 반복에서는 그룹 ${regime.strictNoSignal.of}개 중 ${regime.strictNoSignal.groups}개가 신호를 주지 못했습니다(모든 롤아웃의 점수가 같음). ` +
          (2 * regime.strictNoSignal.groups > regime.strictNoSignal.of
            ? '그러니 여기서는 처음에 완전한 수리가 드뭅니다. 논문의 계층적 보상이 겨냥하는 바로 그 조건입니다.'
            : '그러니 여기서는 처음부터 완전한 수리가 드물지 않습니다. 이진 엄격 보상만으로도 대부분의 그룹에서 롤아웃의 순위가 매겨지므로, 논문의 계층적 보상이 겨냥하는 조건(완전한 수리가 드문 상황)은 이 실습의 조건이 아닙니다.'))
    );
  },
  versusFull: (comparisons, seeds, regime) => {
    const first = comparisons[0];
    if (!first) return '';
    const v = (x: number) => x.toFixed(3);
    const one = seeds.length === 1;
    const side = (s: FullComparison['full']) =>
      `${v(s.mean)}${one || s.min === s.max ? '' : ` (${v(s.min)}–${v(s.max)})`}`;
    const where: Record<FullComparison['outcome'], string> = one
      ? {
          above: `full보다 표준오차의 ${NOISE_STANDARD_ERRORS}배 이상 높음`,
          below: `full보다 표준오차의 ${NOISE_STANDARD_ERRORS}배 이상 낮음`,
          within: '측정할 만한 차이 없음',
        }
      : { above: '모든 시드에서 full보다 높음', below: '모든 시드에서 full보다 낮음', within: '측정할 만한 차이 없음' };
    const named = (o: FullComparison['outcome']) => comparisons.filter((c) => c.outcome === o).map((c) => c.variant);
    const [above, below, level] = [named('above'), named('below'), named('within')];
    const by = one ? `표준오차의 ${NOISE_STANDARD_ERRORS}배 이상의 차이로` : '모든 시드에서';
    const paper =
      '논문에서는 full이 가장 좋습니다(제로샷 모델의 0.385에서 엄격 정확도 0.535, 계층적 보상만으로는 0.48)';
    const verdict =
      above.length > 0
        ? `${above.join(', ')}이(가) ${by} full을 앞섭니다. 논문과 반대입니다. ${paper}.`
        : level.length === 0
          ? `모든 변형이 ${by} full보다 낮습니다. 논문과 같습니다. ${paper}.`
          : `어떤 변형도 ${by} full을 앞서지는 않지만, ${level.join(', ')}은(는) full과 구별되지 않습니다(${below.length === 0 ? `${by} full보다 낮은 변형은 없음` : `${by} full보다 낮은 것은 ${below.join(', ')}뿐`}). 반면 ${paper}.`;
    const why =
      above.length + level.length === 0
        ? ''
        : ` 여기서 full이 앞서지 못하는 까닭은 이 시뮬레이터의 두 가지 차이로 설명할 수 있습니다. 결함 종류 ${regime.compilingShare.of}가지 중 ${regime.compilingShare.kinds}가지는 주어진 그대로 컴파일되므로, 계층적 보상의 가운데 등급은 그런 코드를 손대지 않고 제출해도 0.5를 줍니다. 반면 논문의 컴파일-수정 과제는 모두 깨진 상태에서 시작하므로 가운데 등급이 언제나 진전을 뜻합니다. 또 에피소드가 짧아서(학습 전 평균 ${regime.steps.toFixed(2)}단계, 논문은 23.50단계) 과정 가중치가 신호를 나눠 줄 단계가 많지 않습니다.`;
    return (
      `모든 변형을 마지막 엄격 정확도로 full(${side(first.full)})과 비교하면: ` +
      comparisons
        .map((c) => `${c.variant} ${side(c.seeds)}, ${signed(c.difference, 3)}: ${where[c.outcome]}`)
        .join('; ') +
      '. ' +
      verdict +
      why
    );
  },
  seedsCaption: (seeds) => `시드별 마지막 엄격 정확도 (시드 ${seeds.join(', ')}, 같은 설정)`,
  seedHead: (seed) => `시드 ${seed}`,
};
