/** 환경설정 대화 상자의 한국어 (prefs-types.ts). */
import type { PrefsTexts } from './prefs-types';

export const PREFS_KO: PrefsTexts = {
  title: '환경설정',
  intro: '여기서 고른 것은 곧바로 페이지 주소에 들어갑니다. 링크를 나누면 같은 모습으로 열립니다.',
  close: '닫기',
  language: '언어',
  projector: '프로젝터 모드',
  projectorHint: '흰 바탕, 검은 글자, 모든 것을 화면 너비에 맞춘 크기: 교실 뒤에서도 읽힙니다.',
  text: '글자 크기',
  textSizes: { 100: '보통', 125: '크게 (125 %)', 150: '더 크게 (150 %)' },
  pace: '실행 속도',
  paceHint: '단계마다 멈춰 설명하거나, 단계 사이에 몇 초씩 기다립니다.',
  follow: '단계 따라가기',
  followHint: '단계가 끝날 때마다 그 단계가 채운 그림으로 페이지가 움직입니다.',
  preset: '프리셋',
  presets: {
    faithful: '작은 배치에서 Agent0의 비율 그대로: 논문에 가장 가깝고 가장 느립니다.',
    classroom: '기본값: 노트북 GPU에서 반복 하나가 몇 초, 수업에서 지켜보기 알맞은 크기입니다.',
    tiny: '가장 작은 실행: 느린 컴퓨터나 GPU가 없는 컴퓨터용입니다.',
  },
  presetReplay: '녹화된 실행은 녹화할 때의 프리셋을 그대로 씁니다. 프리셋은 직접 실행에 적용됩니다.',
  presetRestart: '프리셋을 고르면 직접 실행이 처음부터 다시 시작됩니다.',
  keys: '키: “,”는 이 창을 열고, Tab은 선택 사이를 옮기며, Escape는 닫습니다.',
};
