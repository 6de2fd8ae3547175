/**
 * The sandbox worker's JS realm, frozen once Pyodide has started (after harden.ts has stripped it):
 * the snapshot puts Python's memory and files back after every program (snapshot.ts), but the JS
 * objects around it live on. A program past the Python policy reaches them through Pyodide's FFI
 * (`_pyodide_core.to_js({}).constructor` is the realm's `Object`); before this, one that defined a
 * getter for index 0 on `Array.prototype` made every later program's result in that worker read
 * "FAKE" (the result's fields pass through a JS array), and one that rebound `Date.now` made every
 * later `time.time()` wrong. Frozen, such a change throws, so nothing of it reaches the next program.
 *
 * What is frozen: every object reachable from the global object (its own and inherited properties,
 * with the values its getters give, e.g. `crypto` and `performance`) and from a few values whose
 * prototypes no global names (iterators, generators, async functions), following prototypes and
 * property values (and accessor functions), then the global object itself.
 *
 * The override mistake: on a frozen prototype, `instance.name = x` fails (an inherited read-only
 * property blocks assignment), and ordinary JS code (an Error subclass naming itself, a class with
 * its own `toString`) does that. So, as Hardened JS (SES) does, the properties of OVERRIDABLE on
 * prototypes become getter/setter pairs whose setter defines the property on the instance (and
 * refuses to change the prototype itself).
 */

/** Properties that ordinary code assigns on instances over an inherited one. */
const OVERRIDABLE = new Set<PropertyKey>(['constructor', 'name', 'message', 'toString', 'valueOf', 'toJSON', 'stack']);

type Obj = Record<PropertyKey, unknown>;

const isObject = (value: unknown): value is Obj =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

/** Values whose prototypes are intrinsics no global property names. */
function hiddenIntrinsics(): unknown[] {
  const generator = function* () {};
  const asyncGenerator = async function* () {};
  return [
    async () => {},
    generator,
    generator(),
    asyncGenerator,
    asyncGenerator(),
    [][Symbol.iterator](),
    new Map().entries(),
    new Set().values(),
    ''[Symbol.iterator](),
    'x'.matchAll(/x/g),
    Object.getPrototypeOf(Int8Array),
  ];
}

/** `proto[key]` as a getter, and a setter that puts the value on the instance assigned to. */
function makeOverridable(proto: Obj, key: PropertyKey, value: unknown): void {
  Object.defineProperty(proto, key, {
    get: () => value,
    set(this: unknown, next: unknown) {
      if (this === proto || !isObject(this)) throw new TypeError(`${String(key)} is frozen in the sandbox`);
      Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
    },
    enumerable: false,
    configurable: false,
  });
}

/** Every object reachable from `roots` by prototypes and property values (getters of the global
 *  object's chain read once, so that lazily defined globals are defined now). */
function reachable(roots: unknown[], globalChain: Set<object>): Set<Obj> {
  const seen = new Set<Obj>();
  const stack = [...roots];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!isObject(value) || seen.has(value)) continue;
    seen.add(value);
    stack.push(Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (!descriptor) continue;
      if ('value' in descriptor) stack.push(descriptor.value);
      else {
        stack.push(descriptor.get, descriptor.set);
        if (globalChain.has(value)) {
          try {
            stack.push(Reflect.get(globalThis, key));
          } catch {
            // a getter that throws here gives nothing to freeze
          }
        }
      }
    }
  }
  return seen;
}

/** Freezes the realm (see above). */
export function freezeRealm(): void {
  const globalChain = new Set<object>();
  for (let scope: object | null = globalThis; scope !== null; scope = Object.getPrototypeOf(scope))
    globalChain.add(scope);
  const objects = reachable([globalThis, ...hiddenIntrinsics()], globalChain);
  for (const object of objects) {
    const isPrototype = isObject(object.constructor) && object.constructor.prototype === object;
    if (isPrototype) {
      for (const key of Reflect.ownKeys(object)) {
        const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
        if (
          descriptor &&
          'value' in descriptor &&
          descriptor.writable &&
          descriptor.configurable &&
          OVERRIDABLE.has(key)
        )
          makeOverridable(object, key, descriptor.value);
      }
    }
    Object.freeze(object);
  }
}
