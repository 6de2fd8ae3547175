/**
 * 사람에게 보이는 모든 문제(설정 거부, 분기 거부, 파일 거부, 엔진 시작 실패)의 한국어 문장
 * (src/core/problems.ts의 종류마다 하나). 설정 경로(`executor.trustLow`)와 값은 코드 그대로 둡니다.
 */
import type { SettingRule } from '../../core/config-rules';
import type {
  AblationField,
  CheckpointValuesPart,
  CoevolutionUnavailable,
  FileFormat,
  MissingAnswer,
  RecordingKind,
  ReportWords,
  RepairField,
  RunHeaderField,
} from '../../core/problems';
import type { WorkBudgetName } from '../../core/work-budget';
import { describeRange } from '../../core/problems-en';

/** "…여야 합니다"의 앞부분: 규칙이 허용하는 값. */
function mustBe(rule: SettingRule): string {
  switch (rule.kind) {
    case 'bool':
      return 'true 또는 false';
    case 'enum':
      return `${rule.values.join(', ')} 중 하나`;
    case 'int':
      return `${describeRange(rule)} 범위의 정수`;
    case 'number':
      return `${describeRange(rule)} 범위의 수`;
    case 'nullableNumber':
      return `null 또는 ${describeRange(rule)} 범위의 수`;
  }
}

/** 없는 파일에 서버가 보낸 답. */
const answered = (status: MissingAnswer): string =>
  status === 'web-page' ? '서버가 그 자리에 웹 페이지를 보냈습니다' : `HTTP ${status}`;

const REPAIR_FIELDS: Record<RepairField, string> = {
  metrics: '평가 지표',
  number: '수',
  terminations: '종료 방식별 비율',
  sample: '표본',
  tokens: '길이가 같은 tokens와 stepOfToken',
  steps: '단계 목록',
  step: '규칙, 점수, 가중치',
  'step-index': '−1 또는 단계 번호',
  tier: '판정 등급',
  raised: '예외를 낸 스니펫의 예외 이름(등급 1 표본에는 없음)',
  signal: '보상과 어드밴티지',
  'variant-run': '변형 하나의 실행',
  variant: '이름이 있는 변형',
  iterations: '반복 하나 이상',
  iteration: '반복 번호',
  masked: '원인별 마스킹 비율',
  task: '과제',
  samples: '표본 목록',
  config: '실험 설정',
  runs: '변형 실행 하나 이상',
  seeds: '다른 시드 목록(시드가 하나뿐이면 빈 목록)',
  seed: '파일에 아직 없는 시드와 걸린 분',
  'seed-variants': 'runs와 이름·순서가 같은 변형들과 각각의 평가 수치',
};

const ABLATION_FIELDS: Record<AblationField, string> = {
  iterations: '양의 반복 수',
  seeds: '서로 다른 정수 시드 목록',
  questions: '평가 문제 수',
  variants: '표 3과 표 9의 변형 일곱 개',
  variant: '이 빌드가 정한 그 자리의 변형과 설정',
  runs: '시드마다 실행 하나',
  run: '그 자리의 시드와 [0, 1] 범위의 기준 정확도',
  summaries: '반복마다 요약 하나',
  summary: '반복 번호와 [0, 1] 범위의 평가 정확도',
};

const HEADER_FIELDS: Record<RunHeaderField, string> = {
  header: '객체',
  position: '반복과 반복 사이의 위치 (출제자 생성의 단계 0)',
  rng: '모두 0은 아닌 32비트 정수 네 개',
  'optimizer-steps': '음이 아닌 정수인 최적화 단계 수 두 개',
  baseline: 'null 또는 평가 결과',
  summaries: '반복 요약 목록',
  summary: '반복 요약',
  trace: '단계 기록 목록',
  record: '알려진 단계의 기록',
  coevolution: '고정된 해답자마다 한 행씩 있는 표 5의 행 목록',
  'coevolution-solver': '해답자를 고정한 반복 번호: 0부터 실행의 마지막 반복까지의 정수로, 앞 행보다 큰 값',
  'coevolution-cells': '반복마다의 문제 풀에 하나씩 있는 칸 목록',
  'coevolution-cell': '[0, 1] 범위의 통과율과 0 이상인 롤아웃당 도구 호출 수, 또는 둘 다 null',
};

const FILE_KIND: Record<FileFormat, { name: string; files: string }> = {
  'agent0-lab-run': { name: 'Agent0 Lab 실행 파일', files: '실행 파일' },
  'agent0-lab-repair-run': { name: '녹화된 절제 실험 파일', files: '절제 실험 파일' },
  'agent0-lab-ablation': { name: '녹화된 표 3 절제 실험 파일', files: '표 3 절제 실험 파일' },
};

const WORK: Record<WorkBudgetName, string> = {
  'questioner-rollouts': '단계마다 출제자 롤아웃',
  'proxy-answers': '출제자 단계마다 대리 풀이',
  'executor-rollouts': '단계마다 해답자 롤아웃',
  'labelling-samples': '반복마다 정답 표본',
  'iteration-sequences': '반복마다 생성하는 시퀀스',
};

const RECORDING: Record<RecordingKind, string> = {
  run: '녹화된 실행',
  ablation: '녹화된 절제 실험',
  'tables-3-9': '녹화된 표 3·9 절제 실험',
};
const COEVOLUTION_UNAVAILABLE: Record<CoevolutionUnavailable, string> = {
  'no-iteration': '표 5를 계산하려면 끝난 반복이 하나 이상 있어야 합니다.',
  'executors-missing':
    '표 5에는 이 실행의 반복 0, 1, 3과 마지막 반복 뒤의 해답자가 필요한데, 저장본이나 체크포인트에서 불러온 실행에는 그 해답자들이 없습니다(저장본에는 마지막 해답자만 남습니다). 그래서 여기서는 이 실행의 표를 계산할 수 없습니다.',
};
const refused = (why: string) => `실행 체크포인트를 받아들이지 않았습니다: ${why}.`;
const VALUES_PART_KO: Record<CheckpointValuesPart, string> = {
  weights: '가중치',
  'first-moments': '옵티마이저의 1차 모멘트(m)',
  'second-moments': '옵티마이저의 2차 모멘트(v)',
};

export const PROBLEMS_KO: ReportWords = {
  heading: { settings: '설정이 올바르지 않습니다:', changes: '바꿀 설정이 올바르지 않습니다:' },
  problem: {
    'not-an-object': (p) => `${p.path || '설정'}: 설정을 묶은 객체여야 합니다 (받은 값: ${p.got}).`,
    'unknown-setting': (p) => `${p.path}: 이런 이름의 설정은 없습니다.`,
    'no-rule': (p) => `${p.path}: 이 설정에는 허용 범위 규칙이 없습니다.`,
    'out-of-range': (p) => `${p.path}: ${mustBe(p.rule)}여야 합니다 (받은 값: ${p.got}).`,
    order: (p) =>
      `${p.low}(${p.lowValue})은(는) ${p.high}(${p.highValue})${p.strict ? '보다 작아야 합니다' : '보다 클 수 없습니다'}.`,
    'unknown-preset': (p) => `프리셋은 ${p.allowed.join(', ')} 중 하나여야 합니다 (받은 값: ${p.got}).`,
    'release-conflict': (p) =>
      `${p.path}: release.mode=as-released는 ${p.released}(으)로 실행합니다 (받은 값: ${p.got}). ` +
      `${p.path}을(를) 빼거나, 자유롭게 정하려면 release.mode=as-intended를 쓰세요.`,
    'check-without-tool': () =>
      'proxy.uncheckedAnswer=violation은 모든 출제 표본이 프로그램을 실행하기를 요구하지만 questioner.maxTurns=0이면 하나도 실행할 수 없습니다. ' +
      'questioner.maxTurns를 1 이상으로 하거나 proxy.uncheckedAnswer=scored로 하세요.',
    'override-syntax': (p) => `설정 "${p.item}"은(는) section.key=value 꼴이어야 합니다 (예: executor.algorithm=grpo).`,
    'work-budget': (p) =>
      `${p.formula} = ${p.got}: ${WORK[p.budget]}이(가) 브라우저 탭이 감당할 수 있는 양(최대 ${p.limit})보다 많습니다.`,
    'fork-empty': () => '바꿀 설정을 하나 이상 적으세요 (예: executor.klCoef=0.05).',
    'fork-unknown-section': (p) => `${p.section}: 이런 이름의 설정 묶음은 없습니다.`,
    'fork-unchanged': (p) => `${p.path}: 이 실행에서 이미 ${p.value}이므로 바뀌는 것이 없습니다.`,
    'fork-mid-iteration': () => '실행은 반복과 반복 사이에서만 가를 수 있습니다.',
    'fork-url-syntax': (p) =>
      `주소의 분기 항목 "${p.entry}"은(는) 반복:section.key=value 꼴이어야 합니다 (예: 1:executor.klCoef=0.05). 이 항목은 건너뜁니다`,
    'fork-url-too-far': (p) =>
      `주소의 분기 항목 "${p.entry}"은(는) 링크가 돌릴 수 있는 반복 수(최대 ${p.limit})보다 많은 반복을 요구합니다. 이 항목은 건너뜁니다`,
    'file-unreadable': () => '녹화된 기록(JSON)도, 저장된 실행(.a0run)도 아닙니다.',
    'wrong-format': (p) => `이 파일은 ${FILE_KIND[p.format].name}이 아닙니다 (형식 "${p.format}").`,
    'wrong-version': (p) => `Agent0 Lab은 버전 1의 ${FILE_KIND[p.format].files}만 읽습니다 (이 파일은 버전 ${p.got}).`,
    'no-trace': () => '실행 파일에 단계 기록이나 반복 요약이 없습니다.',
    'ablation-malformed': (p) =>
      `표 3 절제 실험 파일의 ${p.path} 자리가 잘못되었습니다: ${ABLATION_FIELDS[p.expected]}이(가) 있어야 합니다.`,
    'repair-malformed': (p) =>
      `절제 실험 파일의 ${p.path} 자리가 잘못되었습니다: ${REPAIR_FIELDS[p.expected]}이(가) 있어야 합니다.`,
    'recording-missing': (p) =>
      `${RECORDING[p.what]} ${p.url}이(가) 없습니다 (${answered(p.status)}). ${p.command} --out public${p.url} 명령으로 만드세요.`,
    'recording-not-json': (p) => `${RECORDING[p.what]} ${p.url}은(는) 올바른 JSON이 아닙니다.`,
    'served-missing': (p) => `${p.url}이(가) 없습니다 (${answered(p.status)}).`,
    'checkpoint-too-short': (p) => refused(`파일이 너무 짧습니다 (${p.bytes}바이트)`),
    'checkpoint-magic': (p) => refused(`Agent0 Lab 실행 파일이 아닙니다 (파일 첫머리 표식 ${JSON.stringify(p.magic)})`),
    'checkpoint-version': (p) => refused(`형식 버전 ${p.got}은(는) 읽을 수 없습니다 (읽는 버전: ${p.expected})`),
    'checkpoint-damaged': () => refused('체크섬이 맞지 않습니다 (파일이 손상되었습니다)'),
    'checkpoint-header-length': () => refused('머리말 길이가 파일 끝을 넘어갑니다'),
    'checkpoint-header-json': () => refused('머리말이 올바른 JSON이 아닙니다'),
    'checkpoint-sections': () => refused('머리말에 네 구역이 적혀 있지 않습니다'),
    'checkpoint-section-bytes': (p) => refused(`구역들은 ${p.held}바이트인데 파일에는 ${p.file}바이트가 있습니다`),
    'checkpoint-optimizer-bytes': (p) =>
      refused(`옵티마이저 구역이 ${p.got}바이트입니다 (${p.expected}바이트여야 합니다)`),
    'checkpoint-settings': () =>
      refused('이 엔진과 다른 설정으로 만든 체크포인트입니다 (체크포인트의 설정으로 엔진을 만드세요)'),
    'checkpoint-header': (p) =>
      refused(`머리글의 ${p.field}이(가) 올바르지 않습니다 (${HEADER_FIELDS[p.expected]}이어야 합니다)`),
    'checkpoint-too-large': (p) =>
      refused(`${p.field}이(가) ${p.count}로, 실행 파일에 담을 수 있는 ${p.limit}보다 많습니다`),
    'checkpoint-values': (p) => {
      const what = `${VALUES_PART_KO[p.what]}에 ${p.value} 값이 있습니다 (${p.param}[${p.index}]). 모든 값은 ${p.what === 'second-moments' ? '0 이상의 유한한 수' : '유한한 수'}여야 합니다`;
      return p.role === null
        ? `모델 파일을 받아들이지 않았습니다: ${what}.`
        : refused(`${p.role === 'questioner' ? '출제자' : '해답자'}의 ${what}`);
    },
    'checkpoint-model': (p) =>
      refused(`${p.role === 'questioner' ? '출제자' : '해답자'}의 모델이 이 빌드의 모델과 맞지 않습니다 (${p.detail})`),
    'trace-damaged': (p) =>
      `이 실행의 기록이 손상되었습니다: 반복 ${p.iteration}의 형식 검사 기록 앞에 출제자의 롤아웃이 없습니다.`,
    'save-mid-iteration': (p) =>
      `실행은 반복과 반복 사이에서만 저장할 수 있는데, 반복 ${p.iteration}은(는) 아직 ${p.phase} 단계에 있습니다. 먼저 이 반복을 끝까지 실행하세요.`,
    'coevolution-unavailable': (p) => COEVOLUTION_UNAVAILABLE[p.cause],
    'no-saved-run': (p) => `"${p.slot}" 칸에 저장된 실행이 없습니다.`,
    'model-missing': (p) =>
      `${p.model === 'base' ? '기본 모델' : '수리 에이전트 모델'}을 불러오지 못했습니다 (HTTP ${p.status}).`,
    'engine-not-ready': () => '학습 엔진이 아직 준비되지 않았습니다.',
    'engine-silent': (p) => `학습 엔진이 응답하지 않습니다 (${p.seconds}초 안에 답이 없었습니다)`,
    'engine-failed': () => '학습 엔진이 실패했습니다',
    'sandbox-failed': (p) => `파이썬 샌드박스를 시작하지 못해 풀이자의 프로그램을 실행할 수 없습니다 (${p.reason}).`,
    'repair-busy': () => '이 탭에서 이미 직접 학습이 돌고 있습니다.',
    'repair-worker-failed': () => '수리 실험을 돌릴 백그라운드 작업을 시작하지 못했습니다.',
    unexpected: (p) => `예상하지 못한 오류: ${p.message}`,
  },
};
