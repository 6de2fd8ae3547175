/** The four models of a run, all loaded from one checkpoint: each role and its frozen KL reference. */
import { Tokenizer } from '../../core/tokenizer';
import { TinyLM } from '../../model/model';
import type { EngineModels } from './engine';

export function modelsFromCheckpoint(bytes: Uint8Array): EngineModels {
  const tokenizer = new Tokenizer();
  const load = () => TinyLM.fromCheckpoint(bytes, tokenizer);
  return { questioner: load(), executor: load(), questionerRef: load(), executorRef: load() };
}
