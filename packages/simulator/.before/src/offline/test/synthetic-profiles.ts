import type { IntentionKey, Profile } from '@rlver/spec';
import { INTENTIONS } from '@rlver/spec';

/** Synthetic zh profile in the reference layout (our own text), for offline-user tests. */
export function zhProfile(intention: IntentionKey, mainCharacter = '被动型', id = `zh-${intention}`): Profile {
  return {
    id,
    player: '* 姓名：陈思远\n* 年龄：29岁\n* 性别：男性\n\n* 职业：室内设计师',
    scene: [
      '## 背景故事',
      '',
      '### 1. 倾诉背景事件',
      '',
      '**事件起因：**',
      '陈思远和合伙人赵立伟一起开了一家工作室，最近因为一个别墅项目闹翻了。',
      '',
      '**事件经过：**',
      '- **第一阶段（三个月前）：**',
      '  陈思远熬夜画完了别墅的设计图，赵立伟却把方案私下改了。',
      '- **第二阶段（两个月前）：**',
      '  客户夸了别墅方案，赵立伟在庆功宴上只字不提陈思远。',
      '- **第三阶段（一个月前）：**',
      '  陈思远提出重新分股，赵立伟说他斤斤计较。',
      '- **第四阶段（最近）：**',
      '  赵立伟开始单独约客户吃饭，陈思远被晾在工作室。',
      '',
      '### 2. 角色不同emotion下的反应',
      '- **emotion高时：** 放松，愿意多讲细节。',
      '',
      `####隐藏主题:\n***${INTENTIONS[intention].task.zh}`,
    ].join('\n'),
    main_cha: mainCharacter,
    cha_group: ['内向', '谨慎', '耐心'],
    task: INTENTIONS[intention].task.zh,
    first_talk: '别墅项目那件事之后，我跟立伟就没好好说过话。',
    lang: 'zh',
    intention,
  };
}

/** Synthetic en profile in the generated layout. */
export function enProfile(intention: IntentionKey, mainCharacter = 'passive', id = `en-${intention}`): Profile {
  return {
    id,
    player: '* Name: Nora Fischer\n* Age: 34\n* Gender: female\n\n* Occupation: florist',
    scene: [
      '## Background story',
      '',
      '### 1. The event to confide',
      '',
      '**Cause:**',
      'Nora and her sister Clara inherited their grandmother’s cottage and disagree about selling it.',
      '',
      '**How it unfolded:**',
      '',
      '- **Stage 1 (three months ago):**',
      '  Nora repainted the cottage kitchen every weekend while Clara stayed in the city.',
      '',
      '- **Stage 2 (two months ago):**',
      '  Nora found out Clara had already invited an estate agent to value the cottage.',
      '',
      '- **Stage 3 (three weeks ago):**',
      '  Nora argued with Clara on the phone about the garden their grandmother planted.',
      '',
      '- **Stage 4 (the last few days):**',
      '  Nora received a text from Clara saying the agent would come on Friday.',
      '',
      '### 2. Reactions at different emotion levels',
      '- **High emotion:** Relaxed.',
      `\n#### Hidden theme:\n***${INTENTIONS[intention].task.en}`,
    ].join('\n'),
    main_cha: mainCharacter,
    cha_group: ['introverted', 'cautious', 'patient'],
    task: INTENTIONS[intention].task.en,
    first_talk: 'My sister wants to sell our grandmother’s cottage and I can’t stop thinking about it.',
    lang: 'en',
    intention,
  };
}
