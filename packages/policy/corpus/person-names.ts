import type { Language } from '@rlver/spec';

/** Names of the other people in the users' stories (made up, common given names). */
export const PERSON_NAMES: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'Alex', 'Sam', 'Jordan', 'Emma', 'Liam', 'Olivia', 'Noah', 'Mia', 'Ethan', 'Chloe', 'Lucas', 'Grace',
    'Ryan', 'Sophie', 'Daniel', 'Hannah', 'Jack', 'Lily', 'Ben', 'Zoe', 'Chris', 'Kate', 'Tom', 'Amy',
    'Max', 'Nina', 'Leo', 'Ruby', 'Adam', 'Ella', 'Mark', 'Julia',
  ],
  zh: [
    '小王', '小李', '张浩', '李娜', '王芳', '刘洋', '陈静', '杨帆', '赵磊', '周婷', '吴昊', '孙悦',
    '林晨', '何雨', '高远', '郭佳', '马骁', '罗琳', '梁宇', '宋倩', '韩雪', '唐明', '许诺', '小陈',
    '阿杰', '小美', '晓峰', '佳佳', '志强', '丽丽', '小刘', '文博',
  ],
};
