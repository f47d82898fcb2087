import { createEmbeddedPolicy } from '@rlver/policy';
import type { Language } from '@rlver/spec';
import { resolveTrainConfig, systemPromptFor } from '@rlver/trainer';

/** One rendered chat prompt of the embedded policy: the system prompt and the text its chat template makes of it. */
export interface EmbeddedChatPrompt {
  systemPrompt: string;
  rendered: string;
}

const USER_TURN: Record<Language, string> = {
  en: 'My boss criticized me in front of everyone today.',
  zh: '我男朋友又忘了我的生日，我好难过。',
};

/**
 * The first chat prompt the embedded policy sees at run time, for each system prompt setting (`brief`, the
 * embedded preset's, and `default`), with and without think, in en and zh: the train config's system prompt and
 * a user turn, rendered by the embedded checkpoint's chat template with the generation prompt. The embedded
 * checkpoint was pretrained on these prompts, so they must not change unless it is pretrained again.
 */
export async function renderEmbeddedChatPrompts(): Promise<Record<string, EmbeddedChatPrompt>> {
  const policy = await createEmbeddedPolicy();
  try {
    const prompts: Record<string, EmbeddedChatPrompt> = {};
    for (const systemPrompt of ['brief', 'default'] as const) {
      for (const think of [false, true]) {
        const promptOf = systemPromptFor(resolveTrainConfig({ overrides: { systemPrompt, think } }));
        for (const lang of ['en', 'zh'] as const) {
          const messages = [
            { role: 'system' as const, content: promptOf(lang) },
            { role: 'user' as const, content: USER_TURN[lang] },
          ];
          prompts[`${systemPrompt}/${think ? 'think' : 'plain'}/${lang}`] = {
            systemPrompt: promptOf(lang),
            rendered: policy.tokenizer.applyChatTemplate(messages, { addGenerationPrompt: true }),
          };
        }
      }
    }
    return prompts;
  } finally {
    policy.model.dispose();
  }
}
