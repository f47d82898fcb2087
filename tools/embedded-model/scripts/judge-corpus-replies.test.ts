import { createOfflineSimulator, readOfflineMemory } from '@rlver/simulator';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generate-corpus';
import { profileOfCorpusDialogue } from './corpus-judge-profile';
import { judgeCorpusReplies, withoutThink } from './judge-corpus-replies';

describe('profileOfCorpusDialogue', () => {
  it("gives the offline user the dialogue's own story: its sentences as stages, its person as the other name", async () => {
    const dialogues = generateCorpus({ seed: 21, dialogueCount: 40 });
    const named = dialogues.filter((dialogue) => dialogue.story.hasName && dialogue.topic.startsWith('scenario:'));
    expect(named.length).toBeGreaterThan(3);
    const simulator = createOfflineSimulator({ preset: 'sage' });
    for (const dialogue of named.slice(0, 4)) {
      const { state } = await simulator.doStart({ profile: profileOfCorpusDialogue(dialogue), seed: 0 });
      const { story } = readOfflineMemory(state).memory;
      expect(story.stages.length).toBe(Math.min(4, dialogue.story.sentences.length));
      expect(state.history[0]?.content).toBe(dialogue.messages.find((message) => message.role === 'user')?.content);
      if (dialogue.lang === 'en') expect(story.otherNames).toContain(dialogue.story.person);
    }
  });
});

describe('judgeCorpusReplies', () => {
  it('judges every assistant reply once, with its strategy and template kind, and sinks quote frames', async () => {
    const dialogues = generateCorpus({ seed: 22, dialogueCount: 30, quoteFraction: 0.7 });
    const judged = await judgeCorpusReplies(dialogues);
    const replies = dialogues.flatMap((dialogue) =>
      dialogue.messages
        .filter((message) => message.role === 'assistant')
        .map((message) => withoutThink(message.content)),
    );
    expect(judged.map((row) => row.reply)).toEqual(replies);
    expect(judged.map((row) => row.strategy)).toEqual(dialogues.flatMap((dialogue) => dialogue.strategies));
    const quotes = judged.filter((row) => row.kind === 'quote');
    const sunkQuotes = quotes.filter((row) => row.sunk === 'slot-template').length;
    expect(sunkQuotes / quotes.length).toBeGreaterThan(0.5);
    const comfort = judged.filter((row) => row.strategy === 'generic_comfort');
    expect(comfort.every((row) => row.change < 0)).toBe(true);
  });

  it("leaves grounded replies (a few of the user's words inside their own story words) to the slot sinks, quoted or bare", async () => {
    const dialogues = generateCorpus({ seed: 11, dialogueCount: 120, quoteFraction: 0.4, groundedFraction: 0.7 });
    const judged = await judgeCorpusReplies(dialogues);
    const grounded = judged.filter((row) => row.kind === 'grounded');
    expect(grounded.length).toBeGreaterThan(50);
    const slotted = grounded.filter((row) => row.sunk === 'bare-slot' || row.sunk === 'slot-template');
    // 2 of 229 at seed 11 × 300 dialogues (frames that say back a 5-character run: "那种感觉和你说的体检结果很像").
    expect(slotted.length / grounded.length, slotted.map((row) => row.reply).join('\n')).toBeLessThan(0.03);
  });

  it('takes the think block off a reply', () => {
    expect(withoutThink('<think>\nneed: praise.\n</think>\nYou did well.')).toBe('You did well.');
    expect(withoutThink('No think here.')).toBe('No think here.');
  });
});
