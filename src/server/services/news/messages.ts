/** Shopper-facing messages of the news API, in one place so a second language can be added. */
export const newsText = {
  badCategory: '文章分类格式不正确',
  unknownCategory: '文章分类不存在',
  badId: '文章ID格式不正确',
  unknownArticle: '文章不存在',
} as const;
