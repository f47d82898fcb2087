import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRootOf } from './package-root';

describe('packageRootOf', () => {
  it('should find the package folder that holds package.json and the shipped folder', () => {
    const root = packageRootOf(import.meta.url, 'src', '@rlver/spec');
    expect(existsSync(join(root, 'package.json'))).toBe(true);
    expect(existsSync(join(root, 'src', 'package-root.ts'))).toBe(true);
  });

  it('should name the package and the files entry when the folder is missing', () => {
    expect(() => packageRootOf(import.meta.url, 'no-such-folder', '@rlver/spec')).toThrow(
      /no-such-folder\/ folder of @rlver\/spec.*"files" must include no-such-folder/,
    );
  });
});
