/** Exact rational numbers over bigint, always reduced with a positive denominator. */
export class Rational {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint, den: bigint = 1n) {
    if (den === 0n) throw new Error('Rational: division by zero.');
    const sign = den < 0n ? -1n : 1n;
    const g = gcd(num < 0n ? -num : num, den < 0n ? -den : den);
    this.num = (sign * num) / (g === 0n ? 1n : g);
    this.den = (sign * den) / (g === 0n ? 1n : g);
  }

  static of(n: number | bigint): Rational {
    if (typeof n === 'number' && !Number.isSafeInteger(n)) {
      throw new Error(`Rational.of needs a safe integer (got ${n}).`);
    }
    return new Rational(BigInt(n));
  }

  add(o: Rational): Rational {
    return new Rational(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(o: Rational): Rational {
    return new Rational(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  mul(o: Rational): Rational {
    return new Rational(this.num * o.num, this.den * o.den);
  }

  div(o: Rational): Rational {
    if (o.num === 0n) throw new Error('Rational: division by zero.');
    return new Rational(this.num * o.den, this.den * o.num);
  }

  equals(o: Rational): boolean {
    return this.num === o.num && this.den === o.den;
  }

  isInteger(): boolean {
    return this.den === 1n;
  }

  /** "7", "-7", "7/3", "-7/3": the form Python's `fractions.Fraction` prints. */
  toString(): string {
    return this.den === 1n ? this.num.toString() : `${this.num}/${this.den}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
