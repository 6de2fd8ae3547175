/** 그림의 틀, 범례, 축, 설명에 쓰는 한국어 (figures-types.ts). */
import { HARD_DIFFICULTY } from '../../engine/loop/metrics';
import type { FigureTexts } from './figures-types';

export const FIGURES_KO: FigureTexts = {
  tools: (title) => `그림 도구: ${title}`,
  fullScreen: '전체 화면',
  exitFullScreen: '전체 화면 끝내기 (Esc)',
  saveSvg: 'SVG: 벡터 그림 파일로 저장',
  savePng: 'PNG: 그림 파일로 저장 (2배)',
  nothingToDraw: '이 그림은 글, 표, 수식이라 이미지로 저장할 그림이 없습니다.',
  exportFailed: (reason) => `이미지를 만들지 못했습니다: ${reason}`,
  adpo: {
    g: 'g(s): 어드밴티지 배율',
    eps: 'ε_high(s): 위쪽 클립',
    trust: '신뢰 구간 (g가 오름)',
    markG: '문제: g(s)',
    markEps: '문제: ε_high(s)',
    sAxis: 's = 아홉 표 중 의사 라벨의 몫',
  },
  loopSteps: (role, steps, first, last) =>
    `${role}: 반복마다 ${first === last ? `${first}단계를` : `${first}–${last}단계를`} ${steps}번`,
  gateZero: ({ disagrees, tooLow, minP }) =>
    `→ 0: 관문${disagrees ? ' (다수 답 ≠ 출제자의 답)' : ''}${disagrees && tooLow ? ',' : ''}${tooLow ? ` (p ≤ ${minP})` : ''}`,
  groupAxes: { reward: 'R (보상)', advantage: 'A (어드밴티지)' },
  flatLead: (value) => `평평함: 모든 반복에서 ${value}.`,
  flatWhy: {
    clipLowFrac: (once) =>
      `아래쪽 끝에서 잘린 토큰이 없습니다 (A < 0일 때 ρ < 1 − ε_low)${once ? '. 배치마다 갱신이 한 번이라 ρ = 1입니다' : ''}.`,
    clipHighFrac: (once) =>
      `위쪽 끝에서 잘린 토큰이 없습니다 (A > 0일 때 ρ > 1 + ε_high)${once ? '. 배치마다 갱신이 한 번이라 ρ = 1입니다' : ''}.`,
    questionerValidRate: () => '출제자가 쓴 문제가 모두 형식을 지켰습니다.',
    pseudoLabelAccuracy: () => '의사 라벨이 모두 실제 정답과 같았습니다.',
    hardAccuracy: () => `난이도 ${HARD_DIFFICULTY} 이상의 평가 문제를 하나도 맞히지 못했습니다.`,
    hardToolUse: () => `난이도 ${HARD_DIFFICULTY} 이상의 평가 문제에서 도구를 쓴 답이 없습니다.`,
    toolUseRate: () => '평가에서 도구를 쓴 답이 없습니다.',
    toolCallsPerTask: () => '해답자의 롤아웃이 도구를 한 번도 부르지 않았습니다.',
  },
  gateOff: (metric) =>
    `${metric}: 그리지 않았습니다. 이 실행은 관문이 꺼져 있어(proxy.gate=false) 관문 뒤의 p가 관문 앞의 p와 같고, 관문이 걸러 내는 문제도 없습니다.`,
  panelSmall: (top) => `0–1이 아니라 0–${top}로 그렸습니다: 모든 값이 ${top}보다 작습니다.`,
  panelNearMax: (bottom) => `축이 0이 아니라 ${bottom}에서 시작합니다: 모든 값이 가장 큰 값 가까이에 있습니다.`,
  repairProgress: (p) => {
    switch (p.stage) {
      case 'backend':
        return '계산 장치를 고르는 중…';
      case 'model':
        return '에이전트를 불러오는 중…';
      case 'baseline':
        return '파이썬을 시작하고 기본 모델을 평가하는 중…';
      case 'training':
        return `학습 중: ${p.total}번 중 ${p.done + 1}번째 반복…`;
      case 'stopping':
        return `이번 반복이 끝나면 멈춥니다 (${p.total}번 중 ${p.done}번 끝남)…`;
      case 'finished':
        return `끝났습니다: ${p.total}번 중 ${p.done}번 반복.`;
      case 'stopped':
        return `${p.total}번 중 ${p.done}번 반복 후 멈췄습니다.`;
    }
  },
  poolWrong: (wrong, total) =>
    wrong === 0
      ? `출제자가 낸 답은 오라클로 보아 모두 맞습니다 (${total}개 중 ${total}개).`
      : `${total}개 중 ${wrong}개는 출제자 자신의 답이 틀렸습니다(✗ 표시). 문제 모음은 해석되는 문제를 모두 남깁니다. 해답자는 이 답을 보지 않고, 자기 투표로 정한 의사 라벨(자기 라벨링)로 배웁니다.`,
  poolTruth: (truth) => `틀림, 참인 답 ${truth}`,
  ratio: {
    xAxis: '모델이 쓴 토큰, 시퀀스를 차례로 (음영 띠 하나가 한 시퀀스의 클립 구간)',
    yAxis: 'ρ = π(새 정책) / π(옛 정책)',
    unclipped: (n) =>
      `${n === 0 ? '구간 밖에 있으면서 잘리지 않은 점은 없습니다' : `${n}개의 점은 구간 밖에 있지만 잘리지 않았습니다`}. 클립은 어드밴티지의 부호가 ρ를 더 바깥으로 밀 때만 걸립니다. A > 0이면 구간 위에서, A < 0이면 구간 아래에서입니다(PPO는 잘린 손실과 잘리지 않은 손실 중 큰 쪽을 씁니다). A < 0인 토큰이 구간 위에 있으면 아래로 되돌려지므로 기울기가 남고 “잘리지 않음”으로 읽힙니다.`,
  },
};
