/** Korean words of the Table 5 view (the English file says the same). */
import { PAPER_TABLE5 } from '../../core/paper';
import type { Table5Finding } from '../../engine/studies/table5-finding';
import { fmt, pct, signed } from '../lib/format';
import type { CoevolutionTexts } from './coevolution-types';

const paperPass = (pool: number) => pct(PAPER_TABLE5.pass[pool - 1] as number);

function finding(f: Table5Finding): string {
  if (f.kind === 'short')
    return '문제 풀은 아직 하나뿐이라 비교할 것이 없습니다. 논문과 같은 비교를 하려면 문제 풀을 적어도 두 개 모아야 합니다.';
  if (f.kind === 'no-cells')
    return `반복 1 뒤에 고정한 해답자에게는 풀 1이나 풀 ${f.pool}의 칸이 없습니다(오라클이 그 풀의 문제에 하나도 답하지 못합니다). 그래서 이 실행은 논문과 나란히 비교할 수 없습니다.`;
  const noise = `표준오차의 두 배(±${fmt(2 * f.standardError, 1)}%p)`;
  const moved = f.withinNoise
    ? `통과율에는 측정할 만한 변화가 없습니다(${signed(f.change, 1)}%p로 ${noise} 안)`
    : `통과율이 ${fmt(Math.abs(f.change), 1)}%p ${f.change < 0 ? '내려갑니다' : '올라갑니다'}(${noise}보다 큼)`;
  const verdict = f.withinNoise
    ? '이 실행으로는 뒤 반복의 문제가 이 해답자에게 더 어려운지 알 수 없습니다'
    : f.change < 0
      ? '논문처럼 뒤 반복의 문제가 이 해답자에게 더 어렵다는 뜻입니다'
      : '이 기준으로는 논문과 달리 뒤 반복의 문제가 이 해답자에게 더 쉽습니다';
  return (
    `이 실행에서 반복 1 뒤에 고정한 해답자는 풀 1의 문제 ${f.questionsFrom}개 중 ${pct(f.passFrom)}, 풀 ${f.pool}의 문제 ${f.questionsTo}개 중 ${pct(f.passTo)}를 통과해 ` +
    `${moved}. ${verdict}(논문: ${fmt(-f.paperChange, 1)}%p 하락, ${paperPass(1)} → ${paperPass(f.pool)}, 풀마다 문제 ${PAPER_TABLE5.questions}개). ` +
    `롤아웃당 도구 호출은 ${fmt(f.toolFrom, 2)}회에서 ${fmt(f.toolTo, 2)}회가 됩니다(논문: ${fmt(PAPER_TABLE5.toolCalls[0], 2)}회 → ${fmt(f.paperToolTo, 2)}회).`
  );
}

export const COEVOLUTION_KO: CoevolutionTexts = {
  title: '표 5: 고정한 해답자가 반복마다의 문제를 풀 때',
  intro: (samples) =>
    `Agent0의 표 5처럼, 어느 반복 뒤에 고정한 해답자(기본 모델, 반복 1과 3 뒤, 마지막 반복 뒤)가 모든 반복의 문제 풀을 풉니다. 문제마다 자기 라벨링과 같은 샘플링으로 파이썬 도구를 쓰는 롤아웃을 ${samples}번 만들고, 오라클의 정답과 맞춰 봅니다. 출제자가 해답자의 성장을 따라가면 같은 해답자에게 뒤 반복의 풀이 더 어려워지므로, 행을 따라 통과율은 내려가고 도구 호출은 늘어납니다.`,
  executor: (solver) => (solver === 0 ? '기본 모델' : `반복 ${solver} 뒤`),
  pool: (pool) => `풀 ${pool}`,
  executorsAxis: '고정한 해답자',
  poolsAxis: '반복별 문제 풀',
  calls: (calls) => `호출 ${calls}회`,
  cellTip: (executor, pool, pass, calls) =>
    `해답자: ${executor}, 반복 ${pool}의 문제 풀\n통과율 ${pass}\n롤아웃당 도구 호출 ${calls}회`,
  noCellTip: (executor, pool) => `해답자: ${executor}, 반복 ${pool}의 문제 풀\n오라클이 답할 수 있는 문제가 없습니다`,
  legend: (p) => `통과율 ${p}`,
  paperTitle: 'Agent0 논문(표 5): 반복 1 뒤의 해답자',
  paperNote: `«Qwen3-8B», 반복마다 커리큘럼 문제 ${PAPER_TABLE5.questions}개. 논문에는 이 행만 실려 있습니다.`,
  paperTip: (pool, pass, calls) =>
    `논문: 반복 1 뒤의 해답자, 반복 ${pool}의 문제 풀\n통과율 ${pass}\n도구 호출 ${calls}회`,
  recorded: (iterations) =>
    `실행과 함께 녹화한 표입니다. «npm run coevolution»이 반복 ${iterations}개 전체로 계산했습니다.`,
  computed: (iterations) => `이 탭에서 처음 반복 ${iterations}개로 계산했습니다.`,
  stale: (iterations) =>
    `그 뒤로 실행이 반복 ${iterations}까지 진행했습니다. 새 문제 풀과 해답자를 넣으려면 다시 계산하세요.`,
  compute: '계산',
  computeHint: (executors, samples) =>
    `시간이 걸립니다. 고정한 해답자 ${executors}개가 모든 풀의 모든 문제를 파이썬 도구로 ${samples}번씩 풉니다.`,
  progress: (done, total) => `칸 ${total}개 중 ${done}개`,
  kept: (executors) => `지금까지 보관한 해답자: ${executors}.`,
  needIteration: '반복을 하나 이상 실행하세요. 표에는 반복의 문제 풀마다 열이 하나씩 생깁니다.',
  loaded:
    '이 실행은 저장본이나 체크포인트에서 불러왔습니다. 표를 계산하려면 반복 0, 1, 3과 마지막 반복 뒤의 해답자가 있어야 하는데, 저장본에는 마지막 해답자만 남으므로 불러온 실행의 표는 계산할 수 없습니다. 해답자를 보관하는 새 실행을 시작하려면 초기화하세요.',
  notComputed: '아직 계산하지 않았습니다.',
  noTable: '이 녹화에는 표 5가 없습니다. «npm run coevolution -- --run FILE --out FILE»로 추가할 수 있습니다.',
  finding,
};
