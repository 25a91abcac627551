/** Level-3 category presets: unit, price band (yuan), spec dimensions and the words product names are made of. */

export interface AttrPreset {
  name: string;
  values: string[];
  /** Price added (yuan) per value index; missing = 0. */
  add?: number[];
}

export interface LeafSpec {
  unit: string;
  price: [number, number];
  attrs: AttrPreset[];
  titles: string[];
  features: string[];
  /** Extra search words (synonyms shoppers type). */
  words?: string;
  onceMax?: number;
  onceMin?: number;
}

const colors = (values: string[]): AttrPreset => ({ name: '颜色', values });
const sizes = (values: string[]): AttrPreset => ({ name: '尺码', values });
const CLOTHES = sizes(['S', 'M', 'L', 'XL', 'XXL']);
const SHOES = sizes(['38', '39', '40', '41', '42', '43']);

export const LEAVES: Record<string, LeafSpec> = {
  手机: {
    unit: '部',
    price: [999, 5999],
    onceMax: 5,
    words: '智能手机,5G手机',
    attrs: [
      colors(['曜石黑', '冰川白', '星河蓝', '晨曦金']),
      { name: '版本', values: ['8GB+128GB', '8GB+256GB', '12GB+512GB'], add: [0, 300, 1000] },
    ],
    titles: ['Nova 12 5G手机', 'Pro 15 旗舰手机', 'Max 影像手机', 'Lite 轻薄手机', 'Ultra 折叠屏手机'],
    features: ['6400万超清影像', '120Hz高刷护眼屏', '5000mAh大电池', '100W超级快充', '全场景NFC'],
  },
  智能手表: {
    unit: '块',
    price: [399, 1999],
    words: '手表,运动手表',
    attrs: [colors(['幻夜黑', '雅典白', '玫瑰金']), { name: '表带', values: ['氟橡胶表带', '真皮表带'], add: [0, 200] }],
    titles: ['Watch 4 智能手表', 'GT 运动手表', 'Fit 健康手环'],
    features: ['血氧心率监测', '14天超长续航', '独立通话', '百种运动模式'],
  },
  笔记本电脑: {
    unit: '台',
    price: [3999, 9999],
    onceMax: 3,
    words: '电脑,笔记本,轻薄本',
    attrs: [colors(['深空灰', '皓月银']), { name: '配置', values: ['i5/16G/512G', 'i7/16G/1T', 'i7/32G/1T'], add: [0, 1000, 2500] }],
    titles: ['Book 14 轻薄笔记本电脑', 'Pro 16 高性能笔记本', 'Air 13 超极本'],
    features: ['2.8K高清屏', '全金属机身', '长续航办公', '高色域护眼屏'],
  },
  无线耳机: {
    unit: '副',
    price: [129, 999],
    words: '蓝牙耳机,降噪耳机',
    attrs: [colors(['曜石黑', '陶瓷白', '薄荷绿'])],
    titles: ['Buds 3 真无线耳机', 'FreeAir 半入耳式耳机', 'ANC 主动降噪耳机'],
    features: ['主动降噪', '40小时续航', '低延迟游戏模式', '蓝牙5.3'],
  },
  机械键盘: {
    unit: '把',
    price: [199, 899],
    words: '键盘,游戏键盘',
    attrs: [
      { name: '轴体', values: ['青轴', '红轴', '茶轴'] },
      { name: '版本', values: ['有线版', '三模无线版'], add: [0, 150] },
    ],
    titles: ['K87 机械键盘', 'K104 游戏键盘', 'Mini 68 便携键盘'],
    features: ['热插拔轴座', 'RGB背光', 'PBT键帽', 'Gasket结构'],
  },
  连衣裙: {
    unit: '件',
    price: [129, 699],
    attrs: [colors(['米白色', '雾霾蓝', '碎花', '经典黑']), sizes(['S', 'M', 'L', 'XL'])],
    titles: ['法式复古连衣裙', '收腰显瘦长裙', '碎花雪纺连衣裙', '针织吊带裙'],
    features: ['2025春夏新款', '温柔气质', '小个子显高', '通勤百搭'],
  },
  针织衫: {
    unit: '件',
    price: [99, 459],
    words: '毛衣,开衫',
    attrs: [colors(['燕麦色', '奶白色', '雾粉色', '藏青色']), CLOTHES],
    titles: ['软糯针织开衫', '圆领套头毛衣', '羊毛混纺针织衫'],
    features: ['慵懒风', '秋冬新款', '亲肤不扎', '宽松显瘦'],
  },
  T恤: {
    unit: '件',
    price: [59, 199],
    words: '短袖,打底衫',
    attrs: [colors(['白色', '黑色', '灰色', '藏青']), CLOTHES],
    titles: ['纯棉圆领T恤', '重磅短袖T恤', '宽松印花T恤'],
    features: ['260g重磅面料', '不易变形', '夏季新款', '多色可选'],
  },
  休闲裤: {
    unit: '条',
    price: [129, 399],
    words: '裤子,长裤',
    attrs: [colors(['卡其色', '黑色', '深灰']), CLOTHES],
    titles: ['直筒休闲裤', '弹力束脚裤', '商务休闲西裤'],
    features: ['垂感抗皱', '四面弹力', '春秋款', '修身显瘦'],
  },
  羽绒服: {
    unit: '件',
    price: [399, 1599],
    words: '外套,冬装',
    attrs: [colors(['黑色', '米白', '军绿']), CLOTHES],
    titles: ['90白鸭绒羽绒服', '连帽加厚羽绒服', '轻薄短款羽绒服'],
    features: ['零下30度保暖', '防风防泼水', '冬季新款', '可收纳便携'],
  },
  坚果炒货: {
    unit: '袋',
    price: [19, 129],
    onceMin: 2,
    words: '零食,坚果',
    attrs: [
      { name: '口味', values: ['原味', '椒盐', '奶油', '蜂蜜黄油'] },
      { name: '规格', values: ['250g', '500g', '1kg'], add: [0, 20, 50] },
    ],
    titles: ['每日坚果混合装', '手剥山核桃', '开心果', '夏威夷果'],
    features: ['颗颗饱满', '独立小包装', '当季新货', '孕妇儿童零食'],
  },
  饼干糕点: {
    unit: '盒',
    price: [15, 99],
    onceMin: 2,
    words: '零食,点心,早餐',
    attrs: [
      { name: '口味', values: ['原味', '抹茶', '巧克力'] },
      { name: '规格', values: ['单盒装', '三盒装'], add: [0, 40] },
    ],
    titles: ['手工曲奇饼干', '蛋黄酥', '全麦苏打饼干', '绿豆糕'],
    features: ['早餐代餐', '办公室零食', '传统糕点', '酥脆可口'],
  },
  茶叶: {
    unit: '盒',
    price: [59, 899],
    words: '绿茶,红茶,乌龙茶',
    attrs: [{ name: '规格', values: ['100g', '250g', '500g礼盒'], add: [0, 80, 260] }],
    titles: ['明前龙井绿茶', '武夷山大红袍', '正山小种红茶', '云南普洱熟茶', '安溪铁观音'],
    features: ['2025新茶', '核心产区', '送礼佳品', '醇厚回甘'],
  },
  咖啡: {
    unit: '盒',
    price: [39, 199],
    words: '咖啡豆,挂耳咖啡',
    attrs: [{ name: '规格', values: ['10包装', '30包装'], add: [0, 60] }],
    titles: ['冻干速溶咖啡', '挂耳滤泡咖啡', '云南小粒咖啡豆'],
    features: ['0蔗糖', '中度烘焙', '冷萃即溶', '香浓醇厚'],
  },
  口红: {
    unit: '支',
    price: [79, 399],
    words: '唇膏,唇釉,彩妆',
    attrs: [{ name: '色号', values: ['#01 正红', '#02 豆沙', '#03 枫叶', '#04 奶茶'] }],
    titles: ['丝绒哑光口红', '水光唇釉', '滋润唇膏'],
    features: ['显白不挑皮', '持久不脱色', '送礼礼盒', '滋润不拔干'],
  },
  粉底液: {
    unit: '瓶',
    price: [129, 499],
    attrs: [{ name: '色号', values: ['象牙白', '自然色', '小麦色'] }],
    titles: ['持妆粉底液', '水润气垫BB霜', '养肤粉底液'],
    features: ['24小时持妆', '轻薄透气', '遮瑕控油', '油皮亲妈'],
  },
  面霜: {
    unit: '瓶',
    price: [99, 899],
    words: '护肤,乳霜',
    attrs: [{ name: '规格', values: ['30ml', '50ml', '100ml'], add: [0, 80, 220] }],
    titles: ['补水保湿面霜', '修护精华霜', '紧致抗皱面霜'],
    features: ['敏感肌可用', '深层补水', '维稳修护', '清爽不油腻'],
  },
  精华液: {
    unit: '瓶',
    price: [159, 999],
    words: '精华,护肤',
    attrs: [{ name: '规格', values: ['30ml', '50ml'], add: [0, 150] }],
    titles: ['烟酰胺亮肤精华', '玻尿酸保湿精华', '胜肽抗皱精华'],
    features: ['提亮肤色', '淡化细纹', '小分子易吸收', '早C晚A'],
  },
  面膜: {
    unit: '盒',
    price: [49, 299],
    words: '护肤,补水面膜',
    attrs: [{ name: '规格', values: ['5片装', '10片装', '20片装'], add: [0, 40, 100] }],
    titles: ['玻尿酸补水面膜', '清洁泥膜', '睡眠面膜'],
    features: ['急救补水', '收缩毛孔', '熬夜救星', '温和不刺激'],
  },
  四件套: {
    unit: '套',
    price: [199, 1299],
    words: '床上用品,被套,床单',
    attrs: [colors(['浅灰', '米白', '雾蓝', '豆绿']), { name: '尺寸', values: ['1.5m床', '1.8m床'], add: [0, 100] }],
    titles: ['全棉床上四件套', '长绒棉四件套', '水洗棉床品套件', '真丝四件套'],
    features: ['A类母婴级', '亲肤透气', '不起球不褪色', '简约纯色'],
  },
  枕头: {
    unit: '个',
    price: [59, 499],
    words: '枕芯',
    attrs: [{ name: '款式', values: ['低枕', '中枕', '高枕'] }],
    titles: ['乳胶枕头', '记忆棉护颈枕', '羽绒枕芯'],
    features: ['护颈助眠', '回弹慢', '可拆洗', '单人装'],
  },
  台灯: {
    unit: '个',
    price: [99, 599],
    words: '护眼灯,灯具',
    attrs: [{ name: '版本', values: ['标准款', '智能调光款'], add: [0, 100] }],
    titles: ['LED护眼台灯', '学生写字台灯', '复古床头灯'],
    features: ['国AA级照度', '无频闪', '三档调光', '触控开关'],
  },
  收纳柜: {
    unit: '个',
    price: [159, 1299],
    words: '柜子,家具,储物柜',
    attrs: [colors(['原木色', '胡桃色', '奶白色']), { name: '层数', values: ['三层', '五层'], add: [0, 200] }],
    titles: ['实木收纳柜', '抽屉式储物柜', '客厅边柜'],
    features: ['免安装', '大容量', '环保板材', '北欧风'],
  },
  跑步鞋: {
    unit: '双',
    price: [199, 999],
    words: '运动鞋,跑鞋',
    attrs: [colors(['白黑', '全黑', '荧光绿']), SHOES],
    titles: ['轻盈缓震跑步鞋', '竞速碳板跑鞋', '透气网面运动鞋'],
    features: ['回弹中底', '防滑耐磨', '透气轻便', '男女同款'],
  },
  运动T恤: {
    unit: '件',
    price: [69, 259],
    words: '速干衣,运动服',
    attrs: [colors(['黑色', '白色', '宝蓝']), CLOTHES],
    titles: ['速干运动T恤', '冰丝健身短袖', '长袖训练服'],
    features: ['吸湿排汗', '弹力修身', '夏季薄款', '反光标识'],
  },
  瑜伽垫: {
    unit: '张',
    price: [59, 399],
    words: '健身垫',
    attrs: [colors(['紫色', '雾蓝', '樱花粉']), { name: '厚度', values: ['6mm', '10mm'], add: [0, 30] }],
    titles: ['TPE防滑瑜伽垫', '天然橡胶瑜伽垫', '加宽健身垫'],
    features: ['双面防滑', '回弹不塌陷', '送收纳袋', '体位线设计'],
  },
  篮球: {
    unit: '个',
    price: [99, 399],
    attrs: [{ name: '规格', values: ['5号球', '7号球'] }],
    titles: ['室内外通用篮球', 'PU比赛用球', '青少年训练篮球'],
    features: ['手感柔软', '耐磨防滑', '送打气筒', '标准比赛用球'],
  },
  帐篷: {
    unit: '顶',
    price: [199, 1999],
    words: '露营,户外装备',
    attrs: [{ name: '款式', values: ['2人款', '4人款'], add: [0, 300] }],
    titles: ['全自动速开帐篷', '露营天幕帐篷', '户外防雨帐篷'],
    features: ['防暴雨', '3秒速开', '轻量便携', '防晒UPF50+'],
  },
  婴儿奶粉: {
    unit: '罐',
    price: [199, 499],
    onceMax: 6,
    words: '奶粉,配方奶粉',
    attrs: [
      { name: '段数', values: ['1段', '2段', '3段'] },
      { name: '规格', values: ['400g', '800g'], add: [0, 160] },
    ],
    titles: ['婴幼儿配方奶粉', 'A2蛋白奶粉', '有机奶粉'],
    features: ['原装进口', '含乳铁蛋白', '易吸收', 'OPO结构脂'],
  },
  米粉辅食: {
    unit: '盒',
    price: [39, 129],
    words: '辅食,婴儿米粉',
    attrs: [{ name: '口味', values: ['原味', '南瓜', '胡萝卜'] }],
    titles: ['高铁婴儿米粉', '宝宝营养面条', '果泥辅食'],
    features: ['无添加白砂糖', '6个月以上', '独立小袋', '强化铁锌钙'],
  },
  积木: {
    unit: '盒',
    price: [59, 599],
    words: '玩具,益智玩具',
    attrs: [{ name: '版本', values: ['基础款', '豪华款'], add: [0, 100] }],
    titles: ['大颗粒积木', '城市系列拼装积木', '磁力片积木'],
    features: ['益智启蒙', '安全无毒', '收纳盒装', '3岁以上'],
  },
  毛绒玩具: {
    unit: '个',
    price: [39, 299],
    words: '玩具,公仔,玩偶',
    attrs: [{ name: '尺寸', values: ['30cm', '50cm', '80cm'], add: [0, 40, 100] }],
    titles: ['小熊毛绒公仔', '安抚玩偶', '兔子抱枕'],
    features: ['柔软亲肤', '可机洗', '生日礼物', '陪睡安抚'],
  },
  小说: {
    unit: '本',
    price: [29, 99],
    words: '书,文学,图书',
    attrs: [{ name: '版本', values: ['平装', '精装'], add: [0, 20] }],
    titles: ['长篇小说 山河岁月', '悬疑小说 雾中的人', '科幻小说 星海远航', '武侠小说 江湖夜雨'],
    features: ['茅盾文学奖作品', '年度畅销', '作者签名版', '新版修订'],
  },
  散文: {
    unit: '本',
    price: [25, 79],
    words: '书,文学,图书',
    attrs: [],
    titles: ['散文集 人间草木', '随笔集 慢慢走', '游记 在路上'],
    features: ['治愈系', '名家经典', '精美插图', '随书附赠书签'],
  },
  编程: {
    unit: '本',
    price: [49, 169],
    words: '书,计算机,图书',
    attrs: [],
    titles: ['TypeScript 编程实战', 'PostgreSQL 数据库内核', '算法图解', '深入理解计算机系统'],
    features: ['附源码下载', '第3版', '从入门到精通', '工程师必读'],
  },
  科普: {
    unit: '本',
    price: [29, 129],
    words: '书,科学,图书',
    attrs: [{ name: '版本', values: ['平装', '精装'], add: [0, 30] }],
    titles: ['时间简史', '万物简史', '给孩子的物理课', '宇宙的奥秘'],
    features: ['全彩插图', '少儿科普', '经典重译', '院士推荐'],
  },
};
