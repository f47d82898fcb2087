import { INTENTIONS, type Profile } from '@rlver/spec';
import type { CorpusDialogue } from '../corpus/corpus-types';

/** Stage headers with a time cue (the offline user's story index reads dated stages, as in generated scenes). */
const STAGES = {
  zh: ['阶段一（3个月前）', '阶段二（2个月前）', '阶段三（1个月前）', '阶段四（最近）'],
  en: ['Stage 1 (3 months ago)', 'Stage 2 (2 months ago)', 'Stage 3 (last month)', 'Stage 4 (last week)'],
} as const;

/** The user's own name in the synthetic persona (never said in the corpus, so it cannot leak into a reply). */
const SELF_NAME = { zh: '周宁', en: 'Robin Hale' } as const;

/**
 * A simulator profile whose hidden story is the corpus dialogue's story, so that the offline simulated user can
 * judge the corpus's replies as if the dialogue were a benchmark one: the persona is a fixed stand-in, the scene
 * has the generated scenes' headings with the story's sentences as dated stages (at most four; the story index
 * keeps four) and the other person in the conflict line, and the hidden theme is the dialogue's intention.
 */
export function profileOfCorpusDialogue(dialogue: CorpusDialogue): Profile {
  const { lang, story } = dialogue;
  const sentences = story.sentences.slice(0, 4);
  const task = INTENTIONS[dialogue.intention].task[lang];
  const stageLines = sentences.flatMap((sentence, index) => [`- **${STAGES[lang][index]}：**`, `  ${sentence}`, '']);
  const opener = dialogue.messages.find((message) => message.role === 'user')?.content ?? story.sentences[0] ?? '';
  const scene =
    lang === 'zh'
      ? [
          '## 背景故事',
          '',
          '### 1. 倾诉背景事件',
          '',
          '**事件经过：**',
          '',
          ...stageLines,
          '**主要冲突：**',
          `- 冲突角色：我和${story.hasName ? story.person : '对方'}`,
          '',
          '### 2. 角色不同emotion下的反应',
          '',
          `####隐藏主题:\n***${task}`,
        ].join('\n')
      : [
          '## Background story',
          '',
          '### 1. The event to confide',
          '',
          '**How it unfolded:**',
          '',
          ...stageLines.map((line) => line.replace('：', ':')),
          '**Main conflict:**',
          `- People involved: me and ${story.hasName ? story.person : 'the other person'}`,
          '',
          '### 2. Reactions at different emotion levels',
          '',
          `#### Hidden theme:\n***${task}`,
        ].join('\n');
  return {
    id: dialogue.id,
    player: lang === 'zh' ? `- 姓名：${SELF_NAME.zh}\n- 年龄：28` : `- Name: ${SELF_NAME.en}\n- Age: 28`,
    scene,
    main_cha: lang === 'zh' ? '被动型' : 'passive',
    cha_group: [],
    task,
    first_talk: opener,
    topic: dialogue.topic,
    lang,
    intention: dialogue.intention,
  };
}
