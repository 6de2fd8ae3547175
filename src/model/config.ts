/** Sizes of the decoder-only transformer. */
export interface ModelConfig {
  /** Number of token ids (from the tokenizer). */
  vocabSize: number;
  /** Width of the residual stream. */
  dModel: number;
  nLayers: number;
  /** Attention heads; dModel must be a multiple of nHeads. */
  nHeads: number;
  /** Hidden width of each block's MLP. */
  dFf: number;
  /** Longest sequence (prompt + everything generated and appended), in tokens. */
  contextLength: number;
  /** true: the output head is the transposed token embedding; false: a separate matrix. */
  tiedEmbeddings: boolean;
}

/** Defaults for everything but the vocabulary size. */
export const DEFAULT_MODEL_SIZES: Omit<ModelConfig, 'vocabSize'> = {
  dModel: 64,
  nLayers: 3,
  nHeads: 4,
  dFf: 256,
  contextLength: 128,
  tiedEmbeddings: true,
};

/** Throws with a clear message when a size is not a positive integer or the heads do not divide dModel. */
export function validateConfig(c: ModelConfig): ModelConfig {
  for (const key of ['vocabSize', 'dModel', 'nLayers', 'nHeads', 'dFf', 'contextLength'] as const) {
    if (!Number.isInteger(c[key]) || c[key] < 1)
      throw new Error(`ModelConfig.${key} must be a positive integer (got ${c[key]}).`);
  }
  if (c.dModel % c.nHeads !== 0)
    throw new Error(`ModelConfig: dModel ${c.dModel} is not a multiple of nHeads ${c.nHeads}.`);
  return c;
}

/** Whether two configs describe the same shapes. */
export function sameConfig(a: ModelConfig, b: ModelConfig): boolean {
  return (
    (Object.keys(a) as (keyof ModelConfig)[]).every((k) => a[k] === b[k]) &&
    Object.keys(a).length === Object.keys(b).length
  );
}
