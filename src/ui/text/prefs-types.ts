/** Words of the Preferences dialog (shell/PreferencesDialog.svelte), in one language. */
import type { PresetName } from '../../core/config';

export interface PrefsTexts {
  /** The header's button and the dialog's title. */
  title: string;
  /** Under the title: every choice goes into the address. */
  intro: string;
  close: string;
  language: string;
  projector: string;
  projectorHint: string;
  text: string;
  /** Each text size (percent) named. */
  textSizes: Record<100 | 125 | 150, string>;
  pace: string;
  paceHint: string;
  follow: string;
  followHint: string;
  preset: string;
  /** One line on what each preset is for. */
  presets: Record<PresetName, string>;
  /** A recorded run keeps its own preset. */
  presetReplay: string;
  /** A new preset restarts the live run from its start. */
  presetRestart: string;
  /** The keys that open and close the dialog. */
  keys: string;
}
