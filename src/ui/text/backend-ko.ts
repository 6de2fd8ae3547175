/** 페이지가 지금의 백엔드로 도는 이유 (한국어; backend-types.ts 참고). */
import type { BackendWhyStrings } from './backend-types';

export const BACKEND_WHY_KO: BackendWhyStrings = {
  askedHeader: (name) => `주소에서 ${name}을(를) 지정했기 때문에 ${name}(으)로 학습합니다.`,
  askedFailedHeader: (asked, name) =>
    `주소에서 ${asked}을(를) 지정했지만 여기서는 시작하지 못해 ${name}(으)로 학습합니다.`,
  fallbackAdapterHeader:
    '이 브라우저의 WebGPU 어댑터는 CPU에서 GPU를 흉내 내는 것뿐이라, CPU에 맞는 백엔드로 학습합니다.',
  measuredHeader: (name, other) => `이 컴퓨터에서 ${name}이(가) ${other}보다 빠르게 측정되어 ${name}(으)로 학습합니다.`,
  webgpuFailedHeader: (name) => `WebGPU가 시작 측정을 마치지 못해 ${name}(으)로 학습합니다.`,
  withoutWebgpuHeader: 'GPU 장치를 잃은 뒤로 WebGPU는 쓰지 않으므로 더 느린 백엔드로 학습합니다.',
  asked: (name, param) => `주소에서 ${name}을(를) 지정했습니다 (${param}). 측정은 하지 않았습니다.`,
  askedFailed: (asked, name) =>
    `주소에서 ${asked}을(를) 지정했지만 여기서 시작하지 못해, 다음 순서인 ${name}을(를) 씁니다.`,
  missing: (name) => `이 브라우저에는 WebGPU가 없거나 보안 컨텍스트가 아니어서, 측정 없이 ${name}을(를) 씁니다.`,
  noAdapter: (name) => `브라우저가 WebGPU 어댑터를 찾지 못해, 측정 없이 ${name}을(를) 씁니다.`,
  fallbackAdapter: (name) =>
    `WebGPU 어댑터가 CPU에서 GPU를 흉내 내는 대체 어댑터(SwiftShader 등)뿐이라 건너뛰고, 측정 없이 ${name}을(를) 씁니다.`,
  order: (name) => `GPU 장치를 잃은 뒤 WebGPU를 빼고, 가장 먼저 시작된 ${name}을(를) 씁니다.`,
  measured: (name, speedup) =>
    speedup === null
      ? `시작할 때 기본 모델과 같은 크기로 둘 다 재 보았는데 ${name}만 끝까지 마쳐서 ${name}을(를) 씁니다.`
      : `시작할 때 기본 모델과 같은 크기로 둘 다 재 보았습니다(학습 한 스텝, 캐시를 쓴 생성). ${name}이(가) ${speedup}배 빨라서(두 속도 비율의 기하 평균) ${name}을(를) 씁니다.`,
  figures: (name, ms, tps) => `${name}: 학습 스텝당 ${ms} ms, 생성 초당 ${tps} 토큰.`,
  noFigures: (name, why) => `${name}: 측정값 없음 (${why}).`,
  binary: (build) => `WASM 빌드: ${build}.`,
  builds: { plain: '기본', simd: 'SIMD', 'threaded-simd': '멀티스레드 SIMD' },
  threadsRule: 'tfjs는 논리 코어 수의 절반을 스레드로 씁니다(최소 1개, 최대 8개).',
  singleThread: '이 빌드는 스레드 하나로 돕니다.',
  geckoSingleThread:
    'Firefox에서는 스레드 없는 빌드를 불러옵니다. 스레드 빌드는 엔진의 워커 안에서 스레드를 워커로 띄우는데, 개발자 도구나 테스트 자동화가 붙어 있으면 Firefox가 그런 워커를 영영 멈춰 둘 수 있기 때문입니다(그러면 페이지가 오류 없이 멈춥니다).',
  fewCoresSingleThread: (cores) =>
    `논리 코어가 ${cores}개라 스레드 빌드도 스레드 하나로만 돌기 때문에, 모델 계산이 더 빠른 스레드 없는 빌드를 불러옵니다.`,
  fusedGeneration:
    '생성은 합친 커널로 돕니다. 토큰 한 스텝에서 층마다 GPU 디스패치 7번, 잘라내기 없는 토큰 뽑기는 1번이며, WebGPU가 시작할 때 tfjs 자체 커널과 결과를 대조했습니다.',
  composedGeneration: (why) =>
    `생성은 tfjs 자체 커널로 돕니다. 합친 커널이 이 브라우저에서 시작 점검을 통과하지 못했습니다(${why}).`,
  fusedTraining:
    '학습은 인과 어텐션(순전파 GPU 디스패치 1번, 역전파 2번), 레이어 정규화와 GELU(순전파는 각각 1번, 역전파는 1~3번), 입력 행과 잔차 곱셈(각각 1번), 토큰 로그 확률과 클리핑된 정책 손실(각각 3번), 그래디언트 노름(1번), AdamW(모멘트마다, 파라미터마다 1번)를 합친 커널로 돕니다. WebGPU가 시작할 때 tfjs 자체 커널과 결과를 대조했습니다.',
  composedTraining: (why) =>
    `학습은 tfjs 자체 커널로 돕니다. 합친 커널이 이 브라우저에서 시작 점검을 통과하지 못했습니다(${why}).`,
  computingOn: (name) =>
    `${name === 'WASM' || name === 'CPU' ? `프로세서(${name})` : `그래픽 카드(${name})`}로 계산하고 있습니다.`,
  skipped: (name, reason, raw) =>
    `${name}은(는) 여기서 쓸 수 없습니다: ${
      reason === 'no-webgpu'
        ? '이 브라우저가 지원하지 않습니다'
        : reason === 'no-adapter'
          ? '브라우저가 쓸 수 있는 그래픽 카드를 찾지 못했습니다'
          : reason === 'fallback-adapter'
            ? '브라우저의 유일한 그래픽 카드가 프로세서에서 흉내 낸 것이라 더 느립니다'
            : raw
    }.`,
  details: '이유',
};
