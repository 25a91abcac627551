/** Believable reviews: mostly good, some medium and bad, a third answered by the shop. */
import type { Rng } from './catalogue-random.ts';
import { DAY, HOUR } from './catalogue-random.ts';

const NICKNAMES = [
  '小**鱼',
  '快**人',
  '喵**酱',
  '追**者',
  '晴**天',
  '木**子',
  '阿**青',
  '大**熊',
  '一**风',
  '橙**汁',
  '星**海',
  '夏**凉',
  '路**人',
  '柠**茶',
  '南**北',
  '七**月',
  '糖**果',
  '麦**田',
  '云**朵',
  '小**丸',
];

const GOOD = [
  '{n}收到了，质量很好，和描述的一样，物流也很快！',
  '包装很用心，做工精细，性价比很高，推荐购买。',
  '第二次回购了，一如既往的好，客服态度也很好。',
  '颜值很高，用了几天感觉不错，值得入手。',
  '比想象中还要好，{n}很满意，下次还来。',
  '发货速度快，第二天就到了，东西是正品。',
  '朋友推荐买的，确实不错，给家人也买了一份。',
];
const MIDDLE = [
  '还行吧，和图片有一点色差，整体可以接受。',
  '物流有点慢，{n}中规中矩。',
  '一般般，价格再便宜点就好了。',
  '用着还可以，没有特别惊艳。',
];
const BAD = ['质量一般，用了两天就出问题了，有点失望。', '和描述不符，已联系客服处理。', '包装破损，体验不太好。', '{n}有异味，不太满意。'];

const REPLY_GOOD = ['感谢亲的支持与认可，期待您再次光临！', '谢谢您的好评，我们会继续努力提供更好的商品和服务～'];
const REPLY_BAD = ['非常抱歉给您带来不好的体验，客服会尽快联系您处理。', '抱歉让您失望了，已为您安排售后，请留意客服消息。'];

function rating(r: Rng): number {
  const x = r.next();
  return x < 0.68 ? 5 : x < 0.82 ? 4 : x < 0.91 ? 3 : x < 0.96 ? 2 : 1;
}

export interface ReviewInput {
  productId: number;
  noun: string;
  skus: string[];
  images: string[];
  createdAt: number;
  count: number;
}

/** Review rows of one product; ids are derived (`product_id * 16 + n`) so re-runs hit the same rows. */
export function reviewRows(r: Rng, p: ReviewInput) {
  const rows = [];
  for (let n = 0; n < Math.min(p.count, 15); n++) {
    const rate = rating(r);
    const pool = rate >= 4 ? GOOD : rate === 3 ? MIDDLE : BAD;
    const created = p.createdAt + r.int(1, 120) * DAY + r.int(0, 23) * HOUR;
    const replied = r.chance(rate >= 4 ? 0.25 : 0.7);
    rows.push({
      replyId: p.productId * 16 + n,
      productId: p.productId,
      nickname: r.pick(NICKNAMES),
      avatar: `/images/avatar-${r.int(1, 2)}.svg`,
      rate,
      comment: r.pick(pool).replace('{n}', p.noun),
      pics: r.chance(0.2) ? r.sample(p.images, r.int(1, 2)) : [],
      sku: p.skus.length ? r.pick(p.skus) : '',
      merchantReplyContent: replied ? r.pick(rate >= 4 ? REPLY_GOOD : REPLY_BAD) : null,
      merchantReplyTime: replied ? new Date(created + r.int(1, 48) * HOUR) : null,
      createdAt: new Date(created),
    });
  }
  return rows;
}

/** The product's average rating, one decimal ('5.0' when nobody reviewed it yet). */
export function averageRate(rows: { rate: number }[]): string {
  if (!rows.length) return '5.0';
  return (Math.round((rows.reduce((s, x) => s + x.rate, 0) / rows.length) * 10) / 10).toFixed(1);
}
