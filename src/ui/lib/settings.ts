/**
 * The page's settings, kept in the URL so a teacher can share an exact setup:
 * `?preset=tiny&seed=3&set=executor.algorithm=grpo&set=proxy.gate=false&lang=ko&mode=replay&backend=wasm`,
 * plus `fork=1:executor.klCoef=0.05` (a fork of the live run), `compare=released` (the shipped pair),
 * `projector=1` (the light, large-text palette for a projector), and the classroom's views:
 * `lesson=3` (the guided lesson's screen), `handout=1`, `teacher=1`, `embed=reward`, and the reader's
 * preferences (shell/PreferencesDialog.svelte): `pace=each-phase`, `follow=0`, `text=125`.
 */
import { type ConfigOverride, makeConfig, PRESET_NAMES, type PresetName } from '../../core/config';
import { parseOverrides } from '../../engine/loop/overrides';
import type { BackendName } from '../../model/backend/backend';
import { LESSON_SCREENS, readLessonStep } from '../classroom/lesson-screens';
import { PACES, type PaceId } from '../state/paced-run.svelte';

export type Lang = 'en' | 'ko';
export type Mode = 'live' | 'replay';
export const BACKENDS: readonly BackendName[] = ['webgpu', 'wasm', 'webgl', 'cpu'];
/** Most iterations one request may run: the Run box's cap (shell/Controls.svelte), and the
 *  iteration a fork in the address (`fork=AT:…`, lib/fork-url.ts) may ask the parent to reach. */
export const MAX_RUN_ITERATIONS = 50;

/** The page's text sizes, in percent of the usual size (`text=125`). */
export const TEXT_SIZES = [100, 125, 150] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export interface PageSettings {
  preset: PresetName;
  seed: number;
  /** Overrides as written in the URL, `section.key=value`. */
  overrides: string[];
  lang: Lang;
  mode: Mode;
  /** Backend the user asked for first (null = WebGPU, then WebGL, WASM, CPU). */
  backend: BackendName | null;
  /** Forks of the live run, `ITERATION:section.key=value` (lib/fork-url.ts). */
  forks?: string[];
  /** Runs opened side by side in the compare view: `released` = the shipped pair. */
  compare?: string | null;
  /** Projector mode: white background, dark text, chart text of at least 16 px, full width. */
  projector?: boolean;
  /** The guided lesson's screen, 1-based (`lesson=3`); absent when the lesson is closed. */
  lesson?: number | null;
  /** The printable handout of the run on screen (`handout=1`). */
  handout?: boolean;
  /** The teacher's page (`teacher=1`). */
  teacher?: boolean;
  /** One figure of the recorded run alone (`embed=reward`), as written in the address (checked by the embed). */
  embed?: string | null;
  /** The pace of Run (`pace=each-phase`); absent: the one kept in this browser (lib/page-prefs.ts). */
  pace?: PaceId;
  /** Follow the phase to its figure (`follow=0` turns it off); absent: the choice kept in this browser. */
  follow?: boolean;
  /** The page's text size in percent (`text=125`); absent: 100. */
  text?: TextSize;
}

export const DEFAULT_SETTINGS: PageSettings = {
  preset: 'classroom',
  seed: 1,
  overrides: [],
  lang: 'en',
  mode: 'live',
  backend: null,
};

/** A value in the address that could not be read (the page words it in its language). */
export interface SettingProblem {
  field:
    | 'preset'
    | 'seed'
    | 'backend'
    | 'compare'
    | 'projector'
    | 'lesson'
    | 'handout'
    | 'pace'
    | 'follow'
    | 'text'
    | 'teacher';
  value: string;
  /** The values it may take ('' for the seed, a whole number). */
  allowed: string;
}

/** Settings from a query string; anything unreadable falls back to its default and is reported. */
export function readSettings(search: string): { settings: PageSettings; problems: SettingProblem[] } {
  const q = new URLSearchParams(search);
  const problems: SettingProblem[] = [];
  const s: PageSettings = { ...DEFAULT_SETTINGS, overrides: q.getAll('set') };
  if (q.has('fork')) s.forks = q.getAll('fork');
  const compare = q.get('compare');
  if (compare === 'released') s.compare = compare;
  else if (compare !== null) problems.push({ field: 'compare', value: compare, allowed: 'released' });
  const projector = q.get('projector');
  if (projector === '1') s.projector = true;
  else if (projector !== null && projector !== '0')
    problems.push({ field: 'projector', value: projector, allowed: '1, 0' });
  const preset = q.get('preset');
  if (preset !== null) {
    if ((PRESET_NAMES as readonly string[]).includes(preset)) s.preset = preset as PresetName;
    else problems.push({ field: 'preset', value: preset, allowed: PRESET_NAMES.join(', ') });
  }
  const seed = q.get('seed');
  if (seed !== null) {
    if (/^\d+$/.test(seed)) s.seed = Number(seed);
    else problems.push({ field: 'seed', value: seed, allowed: '' });
  }
  const lang = q.get('lang');
  if (lang === 'en' || lang === 'ko') s.lang = lang;
  if (q.get('mode') === 'replay') s.mode = 'replay';
  const backend = q.get('backend');
  if (backend !== null) {
    if ((BACKENDS as readonly string[]).includes(backend)) s.backend = backend as BackendName;
    else problems.push({ field: 'backend', value: backend, allowed: BACKENDS.join(', ') });
  }
  const lesson = readLessonStep(q.get('lesson'));
  if (lesson.step !== null) s.lesson = lesson.step;
  if (lesson.problem)
    problems.push({ field: 'lesson', value: q.get('lesson') ?? '', allowed: `1–${LESSON_SCREENS.length}` });
  const handout = q.get('handout');
  if (handout === '1') s.handout = true;
  else if (handout !== null && handout !== '0') problems.push({ field: 'handout', value: handout, allowed: '1, 0' });
  const pace = q.get('pace');
  if (pace !== null) {
    if ((PACES as readonly string[]).includes(pace)) s.pace = pace as PaceId;
    else problems.push({ field: 'pace', value: pace, allowed: PACES.join(', ') });
  }
  const follow = q.get('follow');
  if (follow === '1' || follow === '0') s.follow = follow === '1';
  else if (follow !== null) problems.push({ field: 'follow', value: follow, allowed: '1, 0' });
  const text = q.get('text');
  if (text !== null) {
    if ((TEXT_SIZES as readonly number[]).map(String).includes(text)) s.text = Number(text) as TextSize;
    else problems.push({ field: 'text', value: text, allowed: TEXT_SIZES.join(', ') });
  }
  const teacher = q.get('teacher');
  if (teacher === '1') s.teacher = true;
  else if (teacher !== null && teacher !== '0') problems.push({ field: 'teacher', value: teacher, allowed: '1, 0' });
  const embed = q.get('embed');
  if (embed !== null) {
    s.embed = embed;
    // An embedded figure always shows the recorded run.
    s.mode = 'replay';
  }
  return { settings: s, problems };
}

/** The query string for `s` (defaults left out, so shared links stay short). */
export function writeSettings(s: PageSettings): string {
  const q = new URLSearchParams();
  if (s.preset !== DEFAULT_SETTINGS.preset) q.set('preset', s.preset);
  if (s.seed !== DEFAULT_SETTINGS.seed) q.set('seed', String(s.seed));
  for (const o of s.overrides) q.append('set', o);
  if (s.lang !== 'en') q.set('lang', s.lang);
  if (s.mode !== 'live') q.set('mode', s.mode);
  if (s.backend) q.set('backend', s.backend);
  for (const f of s.forks ?? []) q.append('fork', f);
  if (s.compare) q.set('compare', s.compare);
  if (s.projector) q.set('projector', '1');
  if (s.lesson) q.set('lesson', String(s.lesson));
  if (s.handout) q.set('handout', '1');
  if (s.teacher) q.set('teacher', '1');
  if (s.embed != null) q.set('embed', s.embed);
  if (s.pace !== undefined && s.pace !== 'continuous') q.set('pace', s.pace);
  if (s.follow === false) q.set('follow', '0');
  if (s.text !== undefined && s.text !== 100) q.set('text', String(s.text));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The engine override for these settings (seed included); throws ConfigError or a parse error. */
export function settingsOverride(s: PageSettings): ConfigOverride {
  const override = { ...parseOverrides(s.overrides), seed: s.seed } as ConfigOverride;
  makeConfig(s.preset, override);
  return override;
}

/** Backend order for the worker: the chosen one first, then the usual order. */
export function backendOrder(first: BackendName | null): BackendName[] {
  return first ? [first, ...BACKENDS.filter((b) => b !== first)] : [...BACKENDS];
}
