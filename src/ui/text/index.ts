/** The page's words in the chosen language. */
import type { Lang } from '../lib/settings';
import { EN } from './en';
import { KO } from './ko';
import type { Strings } from './types';

export function strings(lang: Lang): Strings {
  return lang === 'ko' ? KO : EN;
}
