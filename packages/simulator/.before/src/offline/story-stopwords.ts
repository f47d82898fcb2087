/**
 * Generic words that do not count as "concrete details of the user's story" when the offline user checks
 * whether a reply is grounded (abstract feelings, function words, relationship talk any reply could use).
 */
export const ZH_GENERIC_BIGRAMS: ReadonlySet<string> = new Set(
  (
    '感觉 感到 觉得 感受 关系 感情 情绪 自己 我们 他们 她们 你们 事情 时候 开始 可能 因为 所以 问题 希望 没有 一个 这个 那个 ' +
    '什么 内心 压力 沟通 理解 支持 未来 发现 认为 担心 不知 知道 还是 已经 无法 需要 但是 然而 虽然 如果 这种 那种 这些 那些 ' +
    '之间 对方 一起 一些 一次 一直 一样 不是 不会 不能 不要 不想 可以 应该 如何 怎么 为什么 这样 那样 现在 当前 最近 之后 之前 ' +
    '以后 以前 时间 真的 非常 特别 比较 更加 越来 越来越 逐渐 慢慢 甚至 而且 并且 或者 以及 还有 只是 就是 也是 都是 而是 ' +
    '情况 方式 方法 态度 想法 看法 心里 心中 内疚 焦虑 痛苦 失望 难过 愤怒 生气 委屈 无助 孤独 迷茫 困惑 纠结 矛盾 冲突 ' +
    '状态 经历 过程 结果 原因 目前 面对 处理 解决 改变 影响 重要 意识 表达 分享 倾诉 建议 帮助 感谢 谢谢 朋友 家人 工作 生活 ' +
    '对话 交流 回复 事件 背景 故事 阶段 角色 主题 emotion 觉得 让她 让他 让你 让我 给她 给他 给你 给我 他的 她的 你的 我的 ' +
    '自我 成长 反思 情感 心情 信任 尊重 认可 肯定 安慰 陪伴 倾听 共情 勇气 坚强 努力 尝试 试图 试过 继续 放弃 选择 决定 ' +
    '期待 渴望 害怕 恐惧 不安 安心 安全 温暖 开心 快乐 幸福 难受 辛苦 不易 容易 简单 复杂 真正 真实 具体 其实 确实 当然 ' +
    '玩家 隐藏 藏主 主题 反应 高时 低时 一般 月前 年前 周前 天前 两人 变得 显得 表现 似乎 导致 出现 描述 愿意 ' +
    '也许 或许 大概 有些 有点 很多 许多 所有 每个 任何 其他 别人 大家 人们 彼此 互相 相互 双方 家庭 关心 在意 明白 清楚'
  ).split(/\s+/),
);

/** English words that never count as story details. */
export const EN_GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    'care everything anything something nothing everyone someone anyone nobody ' +
    'about above after again against also although always another anything around because been before being between both ' +
    'cannot could does doing done down during each either else even ever every feel feeling feelings felt first from ' +
    'further have having here herself himself into itself just know knew last least like little long made make many ' +
    'maybe might more most much must myself never next nothing now often once only other others over perhaps really ' +
    'right same seem seemed seems should since some something sometimes still such sure than that their theirs them ' +
    'themselves then there these they thing things think this those though through time times today together told ' +
    'too toward under until upon very want wanted wants well were what when where whether which while whole will with ' +
    'within without would your yours yourself emotion stage story cause current conflict people involved problem ' +
    'difficulties tried success event confide reaction reactions replies reply listener high medium low hidden theme ' +
    'relationship situation understand understood support hard difficult hurt upset angry sad lonely anxious stress ' +
    'stressed pressure help helpful advice sorry okay fine good great better best worse worst again going gone says said ' +
    'background unfolded unfold main underlying state three month months year years week weeks days went kept back give end ' +
    'spot ago stage confide listener replies involved ' +
    'asked tell talk talking talked sound sounds like lot lots kind sort way ways part life work family friend friends'
  ).split(/\s+/),
);
