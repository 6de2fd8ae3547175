/** The words of the teacher page (`?teacher=1`, src/ui/classroom/TeacherPage.svelte). */
import type { LinkParameterName } from '../lib/link-parameters';

export interface TeacherTexts {
  title: string;
  intro: string;
  goalsTitle: string;
  goals: string[];
  planTitle: string;
  /** One row of the 45-minute plan: its minutes, the lesson screens it covers (1-based), what to do. */
  plan: { minutes: string; from: number; to: number; what: string }[];
  planCols: { minutes: string; screens: string; what: string };
  /** The keys the plan is run with. */
  keys: string;
  answersTitle: string;
  answersIntro: string;
  /** "Screen 4". */
  screen: (step: number) => string;
  parametersTitle: string;
  parametersIntro: string;
  parameterCols: { name: string; values: string; what: string };
  parameters: Record<LinkParameterName, string>;
  offlineTitle: string;
  offline: string[];
  print: string;
  back: string;
  loading: string;
}
