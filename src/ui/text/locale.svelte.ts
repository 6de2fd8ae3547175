/**
 * The page's language as one reactive value that every component imports, instead of a `t` prop
 * handed down through the tree. `locale.t` is read inside `$derived`, so a switch of language
 * re-renders every string.
 */
import type { Lang } from '../lib/settings';
import { strings } from './index';
import type { Strings } from './types';

const state = $state<{ lang: Lang }>({ lang: 'en' });

export const locale = {
  get lang(): Lang {
    return state.lang;
  },
  set lang(next: Lang) {
    state.lang = next;
  },
  /** The words of the current language. */
  get t(): Strings {
    return strings(state.lang);
  },
};
