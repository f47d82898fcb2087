import type { Language, PersonalityType, Rng } from '@rlver/spec';
import { fillSlots, render } from './bilingual';
import { HOBBIES, JOBS, NAMES, SPEAKING_MANNER } from './persona-tables';
import { TRAITS } from './personality-tables';
import { VIRTUES } from './timeline-tables';

export type Gender = 'female' | 'male';

/** A composed persona: the `player` markdown plus the facts other composers need. */
export interface Persona {
  /** Full name (zh: surname + given name; en: first + last). */
  fullName: string;
  /** How the story refers to the persona (zh: full name; en: first name). */
  shortName: string;
  gender: Gender;
  age: number;
  player: string;
}

/** Pick a name of the given gender; `avoid` keeps the counterpart's name distinct from the persona's. */
export function pickName(rng: Rng, lang: Language, gender: Gender, avoid = ''): { full: string; short: string } {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const table = NAMES[lang];
    const given = rng.pick(gender === 'female' ? table.female : table.male);
    const surname = rng.pick(table.surnames);
    const full = lang === 'zh' ? `${surname}${given}` : `${given} ${surname}`;
    const short = lang === 'zh' ? full : given;
    if (short !== avoid && !avoid.includes(given)) return { full, short };
  }
  return lang === 'zh' ? { full: '林默', short: '林默' } : { full: 'Alex Morgan', short: 'Alex' };
}

function pickJobAndAge(
  rng: Rng,
  ages: readonly [number, number] | undefined,
): { job: (typeof JOBS)[number]; age: number } {
  const [low, high] = ages ?? [18, 70];
  const fitting = JOBS.filter((job) => job.minAge <= high && job.maxAge >= low);
  const job = rng.pick(fitting.length > 0 ? fitting : JOBS);
  const minAge = Math.max(job.minAge, low);
  const maxAge = Math.max(minAge, Math.min(job.maxAge, high));
  return { job, age: minAge + rng.int(maxAge - minAge + 1) };
}

/** Compose the persona markdown (`player`) like the reference: name, age, gender, job, 3 hobbies, habits, style, manner. */
export function composePersona(
  rng: Rng,
  lang: Language,
  options: { type: PersonalityType; traits: readonly string[]; ages?: readonly [number, number] },
): Persona {
  const gender: Gender = rng.next() < 0.5 ? 'female' : 'male';
  const name = pickName(rng, lang, gender);
  const { job, age } = pickJobAndAge(rng, options.ages);
  const hobbies = rng.shuffle(HOBBIES).slice(0, 3);
  const slots = { me: name.short };
  const traits = options.traits.map((key) => TRAITS[key]).filter((entry) => entry !== undefined);
  const habits = [...traits.map((entry) => render(entry.habit, lang, slots)), render(rng.pick(VIRTUES), lang, slots)];
  const styles = traits.map((entry) => fillSlots(entry.style[lang], slots));
  const manner = render(rng.pick(SPEAKING_MANNER[options.type]), lang, slots);
  const hobbyLines = hobbies.map((hobby, index) => `${index + 1}. ${render(hobby, lang, slots)}`);
  const player =
    lang === 'zh'
      ? [
          `* 姓名：${name.full}`,
          `* 年龄：${age}岁`,
          `* 性别：${gender === 'female' ? '女性' : '男性'}`,
          '',
          `* 职业：${job.text.zh}`,
          '',
          '* 个人爱好：',
          ...hobbyLines,
          '',
          '* 习惯和行为特点：',
          ...habits,
          '',
          '* 说话风格：',
          ...styles,
          '',
          '* 说话方式：',
          manner,
        ].join('\n')
      : [
          `* Name: ${name.full}`,
          `* Age: ${age}`,
          `* Gender: ${gender}`,
          '',
          `* Occupation: ${job.text.en}`,
          '',
          '* Hobbies:',
          ...hobbyLines,
          '',
          '* Habits and behaviour:',
          ...habits,
          '',
          '* Speaking style:',
          ...styles,
          '',
          '* Speaking manner:',
          manner,
        ].join('\n');
  return { fullName: name.full, shortName: name.short, gender, age, player };
}
