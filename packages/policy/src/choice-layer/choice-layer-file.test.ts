import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { ChoiceLayer } from './choice-layer';
import { CHOICE_LAYER_FILE, loadChoiceLayerFile, writeChoiceLayerFile } from './choice-layer-training';

/** A checkpoint folder whose choice-layer.json holds `text`. */
function folderWith(text: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'rlver-choice-file-'));
  writeFileSync(join(folder, CHOICE_LAYER_FILE), text);
  return folder;
}

function loadError(folder: string): InvalidConfigError {
  try {
    loadChoiceLayerFile(folder);
  } catch (error) {
    if (InvalidConfigError.isInstance(error)) return error as InvalidConfigError;
    throw error;
  }
  throw new Error('expected an InvalidConfigError');
}

describe('choice-layer.json beside a checkpoint', () => {
  it('should read back the weights, prior, sampling and think it was written with', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rlver-choice-file-'));
    const layer = new ChoiceLayer(64);
    layer.weights[3] = 0.25;
    layer.weights[40] = -1.5;
    writeChoiceLayerFile(folder, layer, 'uniform', { temperature: 0.7, maxNewTokens: 64 }, true);
    const loaded = loadChoiceLayerFile(folder);
    expect(Array.from(loaded?.layer.weights ?? [])).toEqual(Array.from(layer.weights));
    expect(loaded?.file).toMatchObject({
      prior: 'uniform',
      sampling: { temperature: 0.7, maxNewTokens: 64 },
      think: true,
    });
    expect(loadChoiceLayerFile(mkdtempSync(join(tmpdir(), 'rlver-choice-none-')))).toBeUndefined();
  });

  it('should name the file and the way out when it is cut off, malformed or out of range', () => {
    const cut = folderWith('{"version": 1, "weights": [1,');
    const cutError = loadError(cut);
    expect(cutError.message).toContain(join(cut, CHOICE_LAYER_FILE));
    expect(cutError.message).toMatch(/not JSON/);
    expect(cutError.message).toMatch(/restore it from another checkpoint|delete it/);

    const base = { version: 1, dim: 8, weights: [[1, 0.5]], prior: 'uniform', sampling: {} };
    expect(loadError(folderWith(JSON.stringify({ ...base, prior: 'sometimes' }))).message).toMatch(
      /prior: prior must be "lm" or "uniform"/,
    );
    expect(loadError(folderWith(JSON.stringify({ ...base, weights: [[1, 'x']] }))).message).toMatch(/weights\.0\.1/);
    expect(loadError(folderWith(JSON.stringify({ ...base, weights: [[9, 0.5]] }))).message).toMatch(/outside 0\.\.7/);
    expect(loadError(folderWith(JSON.stringify({ ...base, version: 2 }))).message).toMatch(/reads version 1/);
  });
});
