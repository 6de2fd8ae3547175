/** Korean words of the signal-reshaping chapter: its text, its views' words and the process judge's rules. */
import { NOISE_STANDARD_ERRORS } from '../../core/stats';
import { signed } from '../lib/format';
import type { FullComparison, RepairClaim } from '../../repair/claims';
import type { Chapter, RepairNoteTexts, RepairRuleTexts, RepairViewTexts } from './types';

export const REPAIR_VIEWS_KO: RepairViewTexts = {
  repairTask: '과제: 고장 난 코드와 정답 수리',
  repairGroup: '그룹 하나: 궤적, 판정 등급, 보상',
  repairAdvantages: '가려진 표본을 그룹 통계에 넣을 때와 뺄 때의 어드밴티지',
  repairWeights: '궤적의 토큰 위에 칠한 과정 가중치',
  repairMasked: '학습 롤아웃 중 가려진 비율(원인별)과 에피소드가 끝난 방식',
  repairCurves: '절제 곡선: 따로 떼어 둔 평가(반복 0 = 기본 모델)와 학습 중 가려진 비율',
  repairTable: '변형별 최종 수치 (녹화된 실행에서 계산)',
  repairRules: '과정 판정자의 규칙 (처음 맞는 규칙 적용)',
  repairLoading: '녹화된 절제 실험을 불러오는 중…',
  repairError: '녹화된 절제 실험을 보여 줄 수 없습니다:',
  repairRecorded: '녹화된 실행',
  repairVariant: '변형',
  repairIteration: '반복',
  repairPrev: '이전',
  repairNext: '다음',
  repairDefect: '결함',
  repairSyntax: '문법 (컴파일 안 됨)',
  repairSemantic: '의미 (컴파일되지만 결과가 틀림)',
  repairDefectLine: '결함이 있는 줄',
  repairFixed: '그 줄의 정답 수리',
  repairSample: '표본',
  repairTermination: '끝난 이유',
  repairTier: '판정 등급',
  repairReward: 'R',
  repairRaised: '수리 실패: 스니펫을 실행하면 예외 발생',
  repairInStats: '그룹 통계에 포함',
  repairOutOfStats: '그룹 통계에서 제외',
  repairLossMasked: '손실 가림',
  repairLastStepOnly: '마지막 단계만 학습',
  repairNormal: '정상',
  repairEnvironment: '환경 실패',
  repairDegenerate: '정책 퇴화',
  repairObservation: '관찰',
  repairNoObservation: '(없음)',
  repairAllIn: 'A, 모든 표본을 통계에 포함',
  repairMaskedOut: 'A, 환경 실패를 통계에서 제외',
  repairUsed: '갱신에 쓰인 값',
  repairAdvNote:
    '기본 설정에서는 환경 실패도 R = 0으로 그룹의 평균과 표준편차에 남고 손실만 가려지므로, 갱신은 첫 번째 막대를 씁니다. 그런 표본을 통계에서 빼는 설정에서는 두 번째 막대를 씁니다.',
  repairScoredNote:
    '마지막 코드가 컴파일되는 궤적만 과정 점수를 받고, 나머지는 모든 단계의 가중치가 1입니다. 회색 토큰은 환경의 관찰이라 학습하지 않습니다. 빗금과 취소선이 있는 단계는 관리 규칙으로 가려진 단계입니다. 단계에 포인터를 올리거나 초점을 옮기면 규칙이 보입니다.',
  repairNotScored: '점수 없음 (컴파일 안 됨): w = 1',
  repairStep: '단계',
  repairRule: '규칙',
  repairScore: 's_k',
  repairWeight: 'w_k',
  repairAction: '행동',
  repairAnyAction: '모든 행동',
  repairCompile: '컴파일 비율',
  repairStrict: '엄격 정확도',
  repairSteps: '평균 단계 수',
  repairMaskedShare: '가려진 비율 (학습)',
  repairLastFive: '엄격 정확도, 마지막 5회 평균',
  repairSeedsMean: '시드 평균',
  repairVersusFull: 'full 대비 (평균의 차이)',
  repairAboveFull: '모든 시드에서 높음',
  repairBelowFull: '모든 시드에서 낮음',
  repairWithinFull: '측정할 만한 차이 없음',
  repairSeedsLastFive: '엄격 정확도, 마지막 5회 평균의 시드 평균',
  repairBase: '기본 모델',
  repairTerminations: '학습 에피소드가 끝난 방식 (반복별 비율)',
  repairReading: '아주 작은 모델과 장난감 코드입니다. 수치의 크기보다 변형 사이의 방향을 비교하세요.',
  repairGroupSize: '그룹당 롤아웃',
  repairTasks: '반복당 과제',
  repairMinutes: '분',
  repairRewardMode: '보상',
  repairWeightMode: '가중치',
  repairGovernance: '관리',
  repairOn: '켬',
  repairOff: '끔',
  repairPickStep: '단계에 포인터를 올리거나 초점을 옮기면 규칙, 점수, 가중치가 보입니다.',
  repairLive: '이 탭에서 직접 학습시키기',
  repairLiveRun: '직접 실행',
  repairLiveStop: '멈춤',
  repairLiveIterations: '반복',
  repairLiveNote:
    '고른 변형을 같은 사전 학습 에이전트에서 출발해 이 탭에서 학습합니다. 파이썬 샌드박스도 따로 띄웁니다. 반복이 끝날 때마다 «live · …» 변형으로 그림에 더해집니다.',
  repairLiveBackend: '계산 장치',
  repairLiveFallback: '여기서 쓸 수 없음:',
  repairLiveFailed: '직접 실행이 오류로 멈췄습니다:',
  repairLivePrefix: 'live',
};

export const REPAIR_RULES_KO: RepairRuleTexts = {
  malformed: '행동 줄을 해석할 수 없음',
  noOpEdit: '아무것도 바꾸지 않는 수정',
  fixingEdit: '코드를 컴파일되게 만드는 수정',
  groundTruthEdit: '결함 줄에 정답 줄을 씀',
  breakingEdit: '컴파일을 깨뜨리는 수정',
  defectLineEdit: '결함 줄의 다른 수정',
  otherEdit: '그 밖의 수정',
  redundantCheck: '지난 검사나 실행 뒤 바뀐 것이 없는데 또 검사',
  supersededCheck: '바뀐 것 없이 바로 실행할 코드를 먼저 검사 (실행이 어차피 컴파일함)',
  check: '바뀐 뒤의 검사 (확인)',
  redundantRun: '지난 실행 뒤 바뀐 것이 없는데 또 실행',
  runCompiling: '컴파일되는 코드의 실행 (확인)',
  runBroken: '컴파일되지 않는 코드의 실행',
  verifiedSubmit: '지금 코드를 검사하거나 실행한 직후의 제출',
  unverifiedSubmit: '확인 없이 제출',
};

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

/** The signal-reshaping chapter's text. */
export const REPAIR_CHAPTER_KO: Chapter = {
  title: '신호 재구성',
  body: [
    '새 과제입니다. 에이전트는 결함이 하나 있는 짧은 파이썬 코드를 받아 도구 호출(검사, 한 줄 고치기, 실행, 제출)로 고칩니다. 마지막 코드가 *컴파일되기만* 하면 1을 주는 보상은 약한 피드백입니다. 컴파일은 되지만 엉뚱한 값을 계산하는 코드도 제대로 고친 코드와 똑같은 점수를 받으니, 정책은 결함을 고치는 대신 오류를 없애 버리는 법을 배울 수 있습니다. 그룹 안의 비교를 망치는 문제가 두 가지 더 있습니다. 긴 에피소드 전체에 숫자 하나만 주면 쓸모 있는 단계와 헛도는 단계를 가를 수 없고, 환경 탓이나 퇴화한 정책 탓으로 끝난 에피소드가 정직하게 실패한 수리와 함께 보상 0 칸에 섞입니다.',
    'Li 외(‹Signal Reshaping for GRPO in Weak-Feedback Agentic Code Repair›, arXiv 2605.07276, 2026)는 GRPO의 그룹 정규화 어드밴티지는 그대로 두고, 그 앞뒤의 신호를 재구성합니다. 첫째, *계층적 보상*: 컴파일되지 않으면 R = 0, 컴파일되지만 정답 수리와 다르게 동작하면 0.5, 컴파일되고 똑같이 동작하면 1입니다. 가운데 등급 덕분에 완전히 맞는 수리가 드물 때도 순위가 살아 있습니다. 논문에서는 강한 대형 언어 모델(«Kimi-K2.5»)이 패치를 정답과 비교해 판정하고, 여기서는 고친 코드를 그 안의 단언문까지 포함해 프로그램으로 실행하고, 실행 중 예외가 나면 수리로 치지 않습니다. 그다음 그 코드의 함수를 숨겨 둔 입력에서 정답 코드의 함수와 비교합니다.',
    '둘째, *과정 점수를 토큰 손실 가중치로*: 판정자가 도구 호출마다 0에서 1 사이의 점수 s_k를 줍니다(오류를 없애는 수정은 높게, 쓸데없는 재검사는 낮게). 여기서는 정해 둔 규칙 목록(아래 표)이 그 판정자 노릇을 합니다. 이 점수는 R, 그룹 평균, 표준편차, A 어디에도 들어가지 않고, 그 단계 토큰의 손실에만 곱해집니다. 실험실은 세 가지 방식을 씁니다. 그대로의 s_k, 평균 보존(s_k를 궤적의 토큰 가중 평균으로 나눔, 하한 있음), 부호 인식(A > 0이면 s_k, A < 0이면 1 − s_k).',
    '셋째, *실패 원인에 따른 관리*: 환경 때문에 끝난 에피소드(샌드박스 충돌, 시간 초과, 문맥 넘침)는 손실에서 가리지만 그룹의 평균과 표준편차에는 그대로 셉니다. 퇴화한 에피소드(같은 행동 반복, 도구 호출 과다)는 마지막 단계만 남기고 모두 가리며, 남은 마지막 단계는 벌점 표본이 됩니다. 논문은 GPU 추론, 샌드박스 입출력, 컴파일도 서로 떼어 놓아 자원 다툼이 샘플링을 치우치게 하지 않도록 합니다. 여기서는 파이썬 샌드박스가 모델과 떨어진 자기 워커에서 돕니다.',
    '논문은 사내 빌드 기록에서 뽑은 최소 수리로 만든 컴파일-수정 과제에서 «Qwen3-Coder-30B»로 실험했고, 엄격 정확도(컴파일되고 동작도 같음)가 제로샷 모델의 0.385에서 전체 방법의 0.535로 올랐다고 보고합니다. 계층적 보상만으로는 0.48, 과정 가중치를 더하면 0.53이고, 평가 때의 평균 단계 수는 23.50에서 17.02로 줄었습니다. 컴파일 여부만 보는 이진 보상에서는 컴파일 비율이 처음에 치솟았다가 떨어지고, 의미상의 정확도는 나아지지 않았습니다. 토큰 단위의 특권 정보 증류는 GRPO 기준선보다 나빴습니다(«π-Distill»은 너무 일찍 제출하는 법을 배웠고, «OPSD»는 엔트로피와 도구 쓰는 솜씨를 잃었습니다). 긴 궤적에서는 모든 토큰을 맞추려다 정작 중요한 몇 토큰의 신호가 묽어지기 때문입니다.',
    '아래는 이 실험실에서 미리 녹화한 절제 실험입니다. 모든 변형이 같은 체크포인트에서 같은 과제와 시드로 학습했습니다. 모델은 파라미터 약 16만 5천 개이고 코드는 장난감 수준이니, 곡선은 크기보다 *방향*을 보세요. 변형을 고르고 반복을 한 칸씩 넘겨 보세요. 반복마다 한 과제에 대한 롤아웃 그룹 하나를 보여 줍니다.',
  ],
};
