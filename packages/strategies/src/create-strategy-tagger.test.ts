import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { createStrategyTagger } from './create-strategy-tagger';
import { parseTaggerFlag, type StrategyTaggerConfig } from './strategy-tagger-config';

describe('createStrategyTagger', () => {
  it('should create the rule tagger', () => {
    const tagger = createStrategyTagger({ kind: 'rule' });
    expect(tagger.taggerId).toBe('rule');
    expect(tagger.tag('别难过。').labels).toEqual(['generic_comfort']);
  });

  it('should create an LLM tagger named after its model', () => {
    const tagger = createStrategyTagger({ kind: 'openai', model: 'm1', baseURL: 'http://127.0.0.1:9/v1' });
    expect(tagger.taggerId).toBe('openai:m1');
    expect(tagger.specificationVersion).toBe('v1');
  });

  it('should reject unknown fields and bad values with InvalidConfigError naming the field', () => {
    const unknownField = { kind: 'rule', model: 'x' } as unknown as StrategyTaggerConfig;
    expect(() => createStrategyTagger(unknownField)).toThrow(InvalidConfigError);
    const error = (() => {
      try {
        createStrategyTagger({ kind: 'openai', model: '' });
      } catch (caught) {
        return caught as InvalidConfigError;
      }
      return undefined;
    })();
    expect(error?.field).toBe('model');
  });
});

describe('parseTaggerFlag', () => {
  it('should parse rule and openai:<model> with a base URL', () => {
    expect(parseTaggerFlag('rule')).toEqual({ kind: 'rule' });
    expect(parseTaggerFlag('openai:qwen', { baseURL: 'http://127.0.0.1:8000/v1' })).toEqual({
      kind: 'openai',
      model: 'qwen',
      baseURL: 'http://127.0.0.1:8000/v1',
    });
  });

  it('should reject other values naming --tagger', () => {
    expect(() => parseTaggerFlag('llm')).toThrow(/--tagger "llm" is not valid/);
    expect(() => parseTaggerFlag('openai:')).toThrow(InvalidConfigError);
  });
});
