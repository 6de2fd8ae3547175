/**
 * gelu's tanh form written with the logistic σ, which every path of the model computes:
 * gelu(x) = ½x(1 + tanh(c(x + a·x³))) = x·σ(GELU_K·x·(1 + GELU_A·x²)), c = √(2/π), GELU_K = 2c.
 */
export const GELU_K = 2 * Math.sqrt(2 / Math.PI);
export const GELU_A = 0.044715;
