import type { IntentionKey, Language, PersonalityType } from '@rlver/spec';
import { INTENTIONS } from '@rlver/spec';
import { type Bilingual, render, type Slots } from './bilingual';
import { INTENTION_REPLY_PREFERENCES } from './intention-tables';
import { REACTIONS, TYPE_REPLY_PREFERENCES } from './persona-tables';
import { STAGE_NAMES } from './timeline-tables';
import type { TopicTemplate } from './topic-template';

/** Inputs of {@link composeScene}. */
export interface SceneParts {
  topic: TopicTemplate;
  slots: Slots;
  timeline: readonly Bilingual[];
  type: PersonalityType;
  intention: IntentionKey;
}

/** The hidden-theme tail appended to every scene, exactly as the reference does (`\n####隐藏主题:\n***<task>`). */
export function hiddenThemeTail(lang: Language, task: string): string {
  return lang === 'zh' ? `\n####隐藏主题:\n***${task}` : `\n#### Hidden theme:\n***${task}`;
}

const HEADINGS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  zh: {
    title: '## 背景故事',
    event: '### 1. 倾诉背景事件',
    cause: '**事件起因：**',
    course: '**事件经过：**',
    conflict: '**主要冲突：**',
    conflictEvent: '- 冲突事件：',
    conflictPeople: '- 冲突角色：',
    conflictCause: '- 冲突内在原因：',
    difficulties: '**遇到的困难：**',
    attempts: '- 试过却没奏效的办法：',
    problem: '- 当前面对的问题：',
    state: '**事件当前状态：**',
    reactions: '### 2. 角色不同emotion下的反应',
    high: '- **emotion高时：**',
    medium: '- **emotion一般时：**',
    low: '- **emotion低时：**',
    replies: '### 3. 角色面对NPC不同回复的反应',
    raise: '- **让emotion升高的回复：**',
    lower: '- **让emotion降低的回复：**',
  },
  en: {
    title: '## Background story',
    event: '### 1. The event to confide',
    cause: '**Cause:**',
    course: '**How it unfolded:**',
    conflict: '**Main conflict:**',
    conflictEvent: '- Conflict: ',
    conflictPeople: '- People involved: ',
    conflictCause: '- Underlying cause: ',
    difficulties: '**Difficulties:**',
    attempts: '- Tried without success: ',
    problem: '- Current problem: ',
    state: '**Current state:**',
    reactions: '### 2. Reactions at different emotion levels',
    high: '- **High emotion:**',
    medium: '- **Medium emotion:**',
    low: '- **Low emotion:**',
    replies: '### 3. How the listener’s replies affect the emotion',
    raise: '- **Replies that raise it:**',
    lower: '- **Replies that lower it:**',
  },
};

function stageLines(lang: Language, parts: SceneParts): string[] {
  return parts.topic.stages.flatMap((stage, index) => {
    const name = STAGE_NAMES[index] as Bilingual;
    const when = parts.timeline[index] as Bilingual;
    const label = lang === 'zh' ? `${name.zh}（${when.zh}）：` : `${name.en} (${when.en}):`;
    return [`- **${label}**`, `  ${render(stage, lang, parts.slots)}`, ''];
  });
}

/** Compose the background script (`scene`): event, 4 dated stages, conflict, difficulties, reactions, hidden theme. */
export function composeScene(lang: Language, parts: SceneParts): string {
  const heading = HEADINGS[lang];
  const text = (entry: Bilingual) => render(entry, lang, parts.slots);
  const { topic } = parts;
  const people =
    lang === 'zh'
      ? `${parts.slots.me}和${parts.slots.other}（${parts.slots.role}）`
      : `${parts.slots.me} and ${parts.slots.other} (${parts.slots.role})`;
  const reactions = REACTIONS[parts.type];
  const byIntention = INTENTION_REPLY_PREFERENCES[parts.intention];
  const byType = TYPE_REPLY_PREFERENCES[parts.type];
  const body = [
    heading.title,
    '',
    heading.event,
    '',
    heading.cause,
    text(topic.cause),
    '',
    heading.course,
    '',
    ...stageLines(lang, parts),
    heading.conflict,
    `${heading.conflictEvent}${text(topic.conflict)}`,
    `${heading.conflictPeople}${people}`,
    `${heading.conflictCause}${text(topic.conflictCause)}`,
    '',
    heading.difficulties,
    `${heading.attempts}${text(topic.attempts)}`,
    `${heading.problem}${text(topic.problem)}`,
    '',
    heading.state,
    text(topic.state),
    '',
    heading.reactions,
    '',
    `${heading.high} ${text(reactions.high)}`,
    `${heading.medium} ${text(reactions.medium)}`,
    `${heading.low} ${text(reactions.low)}`,
    '',
    heading.replies,
    '',
    `${heading.raise} ${text(byIntention.raise)}${lang === 'zh' ? '' : ' '}${text(byType.raise)}`,
    `${heading.lower} ${text(byIntention.lower)}${lang === 'zh' ? '' : ' '}${text(byType.lower)}`,
  ].join('\n');
  return body + hiddenThemeTail(lang, INTENTIONS[parts.intention].task[lang]);
}
