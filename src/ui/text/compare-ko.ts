/** 비교 화면의 한국어 (영어 파일과 같은 내용). */
import { type AccuracyGap, NOISE_STANDARD_ERRORS } from '../../core/stats';
import type { ChangeCost } from '../../engine/studies/one-change-costs';
import type { CompareTexts } from './compare-types';
import { differenceTexts } from '../lib/format';

const v = (x: number | null) => (x === null ? '—' : x.toFixed(2));

export const COMPARE_KO: CompareTexts = {
  title: '실행 나란히 보기',
  intro:
    '여러 실행을 같은 축에 그립니다. 실행마다 색, 점선 모양, 표식이 다릅니다. 반복 하나를 가리키면 그 반복에서 모든 실행의 값이 보이고, 실행끼리 다른 설정은 범례 옆에 나옵니다.',
  empty: '아직 비교할 실행이 없습니다. 반복을 한 번 돌리거나, 함께 배포된 기록을 추가하거나, 실행 파일을 여세요.',
  base: '기본 모델',
  iteration: (i) => `반복 ${i}`,
  noValue: '값 없음',
  legend: '실행',
  hide: (run) => `${run} 숨기기`,
  show: (run) => `${run} 보이기`,
  remove: (run) => `${run} 빼기`,
  hidden: '숨김',
  diffTitle: '서로 다른 설정',
  setting: '설정',
  noDiff: '이 실행들은 모든 설정이 같습니다.',
  onScreen: '화면의 실행',
  includeOnScreen: '화면의 실행도 그리기',
  parent: (until) => `부모 실행, 반복 ${until}까지`,
  fork: (at, changes) => `반복 ${at} 뒤에서 갈라진 실행: ${changes}`,
  recordings: {
    classroom: '수업용 기록 실행',
    intended: '의도대로',
    released: '공개 코드대로',
    'plain-labelling': '도구 없는 라벨링만',
    'released-gate': '공개 코드의 관문만',
    'executor-schedule': '해답자 배치당 갱신 1번만',
  },
  addRecording: '함께 배포된 기록',
  add: '추가',
  addFile: '실행 파일 추가 (.json 기록 또는 .a0run)',
  loading: '불러오는 중…',
  pairMissing: (files) =>
    `이 비교에 쓰는 두 기록(«${files}»)이 이 서버에 없어서 아직 비교할 것이 없습니다. 두 기록은 «npm run record:compare»로 만듭니다.`,
  forkButton: '여기서 분기…',
  forkHint: '지금 상태에서 설정 몇 개를 바꾼 새 실행으로 이어 갑니다',
  forkTitle: '이 반복 뒤에서 실행을 분기',
  forkHelp:
    '갈라진 실행은 두 모델과 옵티마이저 상태, 난수 상태를 지금 그대로 이어받고, 아래에 적은 설정만 바꿔서 계속합니다. 주소에서처럼 한 줄에 하나씩 «section.key=value» 형식으로 적습니다.',
  forkChanges: '바꿀 설정',
  forkEmpty: '바꿀 설정을 하나 이상 적으세요 (예: «executor.klCoef=0.05»).',
  forkNoRun: '실행의 설정이 아직 없습니다.',
  forkSubmit: '갈라서 계속하기',
  cancel: '취소',
  storyTitle: '공개된 코드였다면 어떻게 되었을까',
  storyOpen: '기록된 두 실행을 나란히 열기',
  story: (p, plain) => {
    const paragraphs: ({ text: string; iteration: number } | string)[][] = [
      [
        '뒤에 나오는 ‘실행 나란히 보기’의 두 실행은 같은 모델, 같은 시드, 같은 설정에서 출발하고, 공개된 코드가 따로 하는 부분만 다릅니다(범례 옆 목록). 공개 코드대로 돌린 실행의 평가 정확도는 ',
        { text: `반복 ${p.peakB.iteration}`, iteration: p.peakB.iteration },
        `에서 가장 높습니다. ${v(p.peakB.b)}이고, 의도대로 돌린 실행은 ${v(p.peakB.a)}입니다.`,
      ],
    ];
    if (p.pseudoRangeB)
      paragraphs.push([
        `${plain ? '공개 코드에서는 해답자가 도구 없이 자기 학습 문제에 라벨을 붙이는데, 그' : '공개 코드대로 돌린 실행의'} 의사 라벨이 맞는 비율은 ${v(p.pseudoRangeB.min)}–${v(p.pseudoRangeB.max)}에 그칩니다.`,
        ...(p.pseudoFallsB
          ? [
              ' 처음 나빠지는 곳은 ',
              { text: `반복 ${p.pseudoFallsB.iteration}`, iteration: p.pseudoFallsB.iteration },
              `입니다(${v(p.pseudoFallsB.before)} → ${v(p.pseudoFallsB.b)}, 의도대로는 ${v(p.pseudoFallsB.a)}). 틀린 라벨은 도구로 정답을 계산한 롤아웃을 모두 벌합니다.`,
            ]
          : []),
      ]);
    const end: ({ text: string; iteration: number } | string)[] = [
      { text: `반복 ${p.last.iteration}`, iteration: p.last.iteration },
      `에 이르면 공개 코드대로 돌린 실행의 평가 정확도는 ${v(p.last.b)}, 의도대로 돌린 실행은 ${v(p.last.a)}입니다.`,
    ];
    if (p.widestGap && p.widestGap.iteration !== p.last.iteration)
      end.push(
        ' 차이가 가장 큰 곳은 ',
        {
          text: `반복 ${p.widestGap.iteration}`,
          iteration: p.widestGap.iteration,
        },
        `입니다(${v(p.widestGap.a)} 대 ${v(p.widestGap.b)}).`,
      );
    paragraphs.push(end);
    return paragraphs;
  },
  oneChange: (s) => {
    const k = NOISE_STANDARD_ERRORS;
    const margin = (g: AccuracyGap) => `표준오차의 ${k}배: ${v(k * g.standardError)}`;
    // 두 값은 찍힌 두 값의 차가 찍힌 차이와 같아지도록 필요한 만큼의 자릿수로 씁니다.
    const pair = (g: AccuracyGap) => {
      const d = differenceTexts(g.changed, g.intended);
      const verdict = g.withinNoise
        ? `차이(${d.gap})는 잡음 범위 안입니다(${margin(g)})`
        : `의도대로보다 ${d.gap} ${g.cost > 0 ? '낮습니다' : '높습니다'}(${margin(g)})`;
      return `${d.a}, 의도대로는 ${d.b}. ${verdict}`;
    };
    const line = (c: ChangeCost) =>
      `반복 ${c.iteration} 평가 정확도 ${pair(c.last)}. 반복 ${c.iterations}번의 평균은 ${pair(c.mean)}.` +
      (c.pseudoChanged === null || c.pseudoIntended === null
        ? ''
        : ` 의사 라벨이 맞는 비율은 평균 ${v(c.pseudoChanged)}, 의도대로는 ${v(c.pseudoIntended)}입니다.`);
    const name = (id: keyof CompareTexts['recordings']) => COMPARE_KO.recordings[id];
    const outro = [
      s.largest
        ? `실행 전체의 평균으로 보면, 하나만 바꾼 실행 가운데 손해가 가장 큰 것은 ‘${name(s.largest)}’입니다.`
        : '실행 전체의 평균으로 보면, 하나만 바꾼 실행 가운데 혼자서 잡음 범위를 넘게 손해를 보는 것은 없습니다.',
      s.untold.length > 0
        ? ` 따로 기록하지 않은 설정: ${s.untold.map((p) => `«${p}»`).join(', ')}. 이들의 몫은 여기서 재지 않았고, 하나씩 잰 손해를 더해도 한꺼번에 바꾼 차이가 된다는 보장은 없습니다.`
        : ' 하나씩 잰 손해를 더해도 한꺼번에 바꾼 차이가 된다는 보장은 없습니다.',
    ];
    return {
      intro: `두 실행은 설정 ${s.pairDiffers}개가 한꺼번에 다르므로, 둘의 차이만으로는 어느 설정이 얼마나 손해인지 알 수 없습니다. 의도대로 돌린 실행과 같은 모델·시드·설정에서 공개 코드의 동작을 하나씩만 바꾼 실행(함께 배포된 기록, 시드 하나씩)이 그것을 보여 줍니다. 평가 정확도는 같은 ${s.heldOut}문제로 마지막 반복의 값과 모든 반복의 평균을 보며, 표준오차의 ${k}배보다 작은 차이는 우연만으로도 생길 수 있고, 시드가 하나씩이라 그보다 큰 차이도 한 번 관찰한 것일 뿐입니다.`,
      items: [
        ...s.changes.map((c) => ({ id: c.id, text: `${name(c.id)}(«${c.settings}»): ${line(c.cost)}` })),
        ...(s.together
          ? [{ id: 'released' as const, text: `${s.pairDiffers}개를 한꺼번에(공개 코드대로): ${line(s.together)}` }]
          : []),
      ],
      outro: outro.join(''),
    };
  },
  oneChangeMissing: (files) =>
    `설정 하나만 바꾼 기록(«${files}»)이 이 서버에 없어 이야기에서 뺐습니다. «npm run record:compare»로 만듭니다.`,
  oneChangeMismatch: (run, settings) =>
    settings
      ? `기록 ‘${run}’은 의도대로 돌린 실행에서 그 설정만 바꾼 것이 아니어서(다른 설정: ${settings}) 이야기에서 뺐습니다.`
      : `기록 ‘${run}’은 의도대로 돌린 실행과 겹치는 반복이 없어 이야기에서 뺐습니다.`,
};
