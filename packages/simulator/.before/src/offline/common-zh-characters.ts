/**
 * About 900 frequent Chinese characters. Natural zh text draws most of its characters from this set;
 * random CJK noise does not, which is how the offline user spots "random characters".
 */
const COMMON =
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域读养热装否需土送须另类排营病亦夜诉帮陈团错歌旁朋友男孩妈爸哥姐妹弟妻丈婚恋感谢抱歉伤难过委屈累压气愤怒焦虑担忧害怕孤独希望相信理解支持鼓励安慰陪伴倾听建议办法努力坚持放弃选择决定改变尝试沟通聊天工作学校老师同学领导同事家人父母孩子朋友关系问题事情时候真的觉得知道可能应该需要希望喜欢讨厌生活心情情绪身体健康医院睡觉吃饭休息周末晚上早上今天明天昨天最近以前以后然后所以因为但是如果虽然而且或者还是已经一直总是每次有时偶尔其实确实当然也许大概一定肯定完全非常特别有点比较更加越来越啊吧呀嘛呗哦嗯哈哎唉呃噢喔咋啥嗨么哟咱俺您它们这那哪谁怎样么呢吗吧的地得着过了在于把被给让叫使向往从自到至对跟同和与及并而且但却则就才都也还又再更最很太挺真好坏对错大小多少长短高低新旧快慢早晚远近冷热轻重难易忙闲累乐苦甜酸辣美丑胖瘦穷富贵贱聪笨懒勤';
/** Set of the characters above. */
export const COMMON_ZH_CHARACTERS: ReadonlySet<string> = new Set(COMMON);

/** Very frequent English words: natural English sentences of 6+ words almost always contain some. */
export const COMMON_EN_WORDS: ReadonlySet<string> = new Set(
  (
    'the a an and or but so if then that this these those it its is are was were be been am do does did have has had ' +
    'i me my mine you your yours he him his she her they them their we us our to of in on at for with from by about ' +
    'as not no yes what why how when where who which can could will would should may might must just really very ' +
    'all some any more most much many too also still even only now here there up down out over after before again ' +
    'feel think know want need like sounds sound get got make go going say said tell talk hear see look let lets ' +
    'im youre its thats dont cant wont didnt isnt arent ive youve id youd ill youll okay ok yeah oh well sorry thanks'
  ).split(/\s+/),
);
