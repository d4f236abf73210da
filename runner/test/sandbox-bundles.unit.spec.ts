import { describe, expect, it } from 'vitest';
import { LIBRARY_SOURCES } from '../src/sandbox/libraries.js';

// The generator is plain JavaScript (run with node); imported here through a path TypeScript does not check.
const generatorPath = '../src/sandbox/generated/generate.mjs';
const generator = (await import(generatorPath)) as {
  LIBRARIES: Record<string, string>;
  libraryVersion(name: string): string;
  bundleLibrary(name: string): Promise<string>;
};

describe('the libraries bundled for the sandbox', () => {
  it('are every library the generator makes', () => {
    expect(Object.keys(LIBRARY_SOURCES).sort()).toEqual(Object.keys(generator.LIBRARIES).sort());
  });

  it.each(Object.keys(LIBRARY_SOURCES))(
    '%s is up to date with the installed package (else run node runner/src/sandbox/generated/generate.mjs)',
    async (name) => {
      const committed = LIBRARY_SOURCES[name]!;
      expect(committed.version).toBe(generator.libraryVersion(name));
      expect(committed.source === (await generator.bundleLibrary(name))).toBe(true);
    },
  );
});
