import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initTfBackend } from '@rlver/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderEmbeddedChatPrompts } from './embedded-chat-prompts';

const recorded = z
  .record(z.string(), z.object({ systemPrompt: z.string(), rendered: z.string() }))
  .parse(JSON.parse(readFileSync(join(import.meta.dirname, 'embedded-chat-prompts.json'), 'utf8')));

beforeAll(async () => {
  await initTfBackend({ log: () => {} });
});

describe("the embedded policy's run-time chat prompts (recorded before the system prompts moved to one home)", () => {
  it('should render byte for byte what the embedded checkpoint was pretrained to see', async () => {
    const now = await renderEmbeddedChatPrompts();
    expect(Object.keys(now).sort()).toEqual(Object.keys(recorded).sort());
    expect(Object.keys(now)).toHaveLength(8);
    for (const [key, prompt] of Object.entries(recorded)) {
      expect(now[key]?.systemPrompt, `${key}: system prompt`).toBe(prompt.systemPrompt);
      expect(now[key]?.rendered, `${key}: rendered chat prompt`).toBe(prompt.rendered);
    }
  }, 60_000);
});
