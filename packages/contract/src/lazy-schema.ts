/**
 * A schema of the contract (docs/decisions/027-schemas-built-on-first-use.md). In a browser it is built on its first
 * use instead of when its module loads: a page then builds only the schemas it checks, at the
 * moment it checks. Building every schema of each contract module a page imported cost a phone
 * a long task of its own. On the server (no document) it is built at once: the routes build
 * every schema as they register anyway, and zod's JSON Schema walk for the API document keys
 * schemas by identity, which a proxy's is not.
 */
export const lazySchema: <T extends object>(build: () => T) => T =
  'document' in globalThis ? builtOnFirstUse : (build) => build();

/**
 * A proxy that builds the schema at its first read. To its users it is the schema itself:
 * every property, method, `instanceof` and spread reads the built one.
 */
export function builtOnFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  // The target stays empty and extensible: the proxy may then report any keys, prototype and
  // (configurable) descriptors of the built schema without breaking a proxy invariant.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
