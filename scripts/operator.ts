/**
 * The mall operator's command line: reviews merchant applications and adjusts balances through the operator API over HTTP.
 *   npm run operator -- list [status]                 applications (status: all, 0 pending (default), 1 approved, 2 rejected)
 *   npm run operator -- show <id>                     one application with its pictures
 *   npm run operator -- approve <id>                  approve: the shop opens at once
 *   npm run operator -- reject <id> <reason>          reject with the reason the applicant reads
 *   npm run operator -- balance <uid> <+|-yuan> <mark>   add to (+) or deduct from (-) a shopper's balance
 *   npm run operator -- token <mer_id> [name]         a new merchant-API token for a shop (printed once)
 *   npm run operator -- tokens <mer_id> | token-revoke <mer_id> <token_id>   a shop's tokens; revoke one at once
 *   npm run operator -- shops [keyword] | shop-close <mer_id> | shop-open <mer_id>   every shop; close or reopen one
 *   npm run operator -- money                         money not given back yet: payments kept for a refund, refunds unpaid
 *   npm run operator -- payment-refund <payment_id>   give a kept payment's money back now, through its gateway
 *   npm run operator -- refund-pay <refund_order_id>  pay an approved refund's money back now, after its job gave up
 *   npm run operator -- chats | chat <uid> | reply <uid> <text> | unsend <message_id>   the mall's own customer-service desk
 *   npm run operator -- frames [state] | frame <id>   activity frames on product cards (state: all, 0, 1, -1, -2)
 *   npm run operator -- frame-add <file.json> | frame-edit <id> <file.json> | frame-delete <id>
 *                                                     create, replace or delete a frame (scripts/frame-cli.ts)
 *   npm run operator -- upload <picture>              upload a frame's picture and print its path (the frame's pic)
 * The mall is MALL_URL (default http://localhost:4321); the token is OPERATOR_TOKEN or `--token <token>`.
 */
import { randomUUID } from 'node:crypto';
import { CHAT_USAGE, chatCommand } from './chat-cli.ts';
import { CliError, call, mallUrl, parseArgs, runCli } from './cli.ts';
import { FRAME_USAGE, frameCommand } from './frame-cli.ts';
import type { PaymentDueDto, RefundMoneyDueDto } from '../src/server/services/operator/money-due.ts';
import type { OperatorShopDto, ShopTokenDto } from '../src/server/services/operator/shops.ts';

const USAGE = `usage: npm run operator -- [--token <token>] [--page N] [--limit N] <command>
  list [status]                 merchant applications; status: 0 pending (default), 1 approved, 2 rejected, all
  show <id>                     one application with its licence pictures
  approve <id>                  approve it: the shop opens and is on the shop street at once
  reject <id> <reason>          reject it with the reason the applicant reads (at most 200 characters)
  balance <uid> <+|-yuan> <mark>   add to (+12.50) or deduct from (-12.50) a shopper's balance, with a note
  token <mer_id> [name]         a new merchant-API token for a shop, printed this once (earlier ones stay valid)
  tokens <mer_id>               a shop's tokens: when made, last used, revoked (never their text)
  token-revoke <mer_id> <token_id>   revoke one: its next merchant-API call is refused (the server keeps running)
  shops [keyword]               every shop, open or closed (keyword: name or service phone), with products and orders to ship
  shop-close <mer_id>           close a shop: its products leave the mall; its orders and refunds go on through its token
  shop-open <mer_id>            open it again
  money                         money not given back yet: payments a gateway took that no order could use, and
                                approved refunds whose money has not gone back (the jobs retry them by themselves)
  payment-refund <payment_id>   give that payment's money back now, through the gateway that took it
  refund-pay <refund_order_id>  pay that refund's money back now (after its job gave up)
${CHAT_USAGE}
${FRAME_USAGE}
environment: MALL_URL (default http://localhost:4321), OPERATOR_TOKEN (or --token)`;

interface Intention {
  mer_intention_id: number;
  uid: number;
  phone: string;
  mer_name: string;
  name: string;
  category_name: string;
  type_name: string;
  images: string[];
  status: number;
  status_text: string;
  fail_msg: string;
  create_time: string;
  status_time: string | null;
  mer_id: number | null;
  token_taken: number;
}

const id = (v: string | undefined) => {
  if (!v || !/^[1-9]\d{0,9}$/.test(v)) throw new CliError('id must be a positive number');
  return v;
};

function printIntention(x: Intention, full = false): void {
  console.log(`#${x.mer_intention_id}  ${x.mer_name}  [${x.status_text}]  ${x.create_time}  用户 ${x.uid}`);
  console.log(`    ${x.category_name} / ${x.type_name}  联系人：${x.name} ${x.phone}`);
  if (x.status === 2) console.log(`    驳回原因：${x.fail_msg}`);
  if (x.status === 1)
    console.log(`    店铺 #${x.mer_id}  接口令牌：${x.token_taken ? '申请人已领取' : '未领取'}  审核时间：${x.status_time}`);
  if (full) for (const p of x.images) console.log(`    资质图片：${mallUrl()}${p}`);
}

async function main(): Promise<number> {
  const { opts, rest } = parseArgs(process.argv.slice(2));
  const [command, ...args] = rest;
  if (!command || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const token = opts.token ?? process.env.OPERATOR_TOKEN ?? '';
  if (!token) throw new CliError('no token: set OPERATOR_TOKEN (the one the mall runs with) or pass --token <token>');
  switch (command) {
    case 'list': {
      const status = args[0] ?? '0';
      if (!['all', '0', '1', '2'].includes(status)) throw new CliError('status must be all, 0, 1 or 2');
      const q = new URLSearchParams({ page: opts.page ?? '1', limit: opts.limit ?? '20', ...(status === 'all' ? {} : { status }) });
      const { data } = await call('GET', `/api/operator/intention?${q}`, token);
      const list = data.list as Intention[];
      console.log(`${data.count} application(s)${data.count > list.length ? `, showing ${list.length} (page ${q.get('page')})` : ''}`);
      for (const x of list) printIntention(x);
      return 0;
    }
    case 'show': {
      const { data } = await call('GET', `/api/operator/intention/${id(args[0])}`, token);
      printIntention(data as Intention, true);
      return 0;
    }
    case 'approve': {
      const { message, data } = await call('POST', `/api/operator/intention/${id(args[0])}/approve`, token);
      console.log(message);
      printIntention(data as Intention);
      return 0;
    }
    case 'reject': {
      if (args.length < 2) throw new CliError('usage: reject <id> <reason>');
      const { message, data } = await call('POST', `/api/operator/intention/${id(args[0])}/reject`, token, {
        fail_msg: args.slice(1).join(' '),
      });
      console.log(message);
      printIntention(data as Intention);
      return 0;
    }
    case 'balance': {
      const m = /^([+-])(\d+(?:\.\d{1,2})?)$/.exec(args[1] ?? '');
      if (args.length < 3 || !m) throw new CliError('usage: balance <uid> <+|-yuan> <mark>, e.g. balance 12 +50 活动补偿');
      const { message, data } = await call('POST', `/api/operator/user/${id(args[0])}/balance`, token, {
        number: m[2],
        pm: m[1] === '+' ? 1 : 0,
        mark: args.slice(2).join(' '),
        key: `cli-${randomUUID()}`,
      });
      console.log(`${message}：用户 ${data.uid} 余额 ¥${data.now_money}（流水 #${data.bill_id}）`);
      return 0;
    }
    case 'token': {
      const { message, data } = await call('POST', `/api/operator/merchant/${id(args[0])}/token`, token, { name: args.slice(1).join(' ') });
      console.log(`${message}：店铺 #${data.mer_id} ${data.mer_name}（令牌 #${data.token_id}）`);
      console.log(data.token);
      return 0;
    }
    case 'tokens': {
      const { data } = await call('GET', `/api/operator/merchant/${id(args[0])}/token`, token);
      const list = data as {
        token_id: number;
        name: string;
        create_time: string;
        last_used_time: string | null;
        revoked_time: string | null;
      }[];
      if (!list.length) console.log('(no tokens)');
      for (const t of list) {
        const state = t.revoked_time ? `已吊销 ${t.revoked_time}` : '有效';
        console.log(`#${t.token_id}  ${t.name || '-'}  ${state}  签发 ${t.create_time}  最近使用 ${t.last_used_time ?? '从未'}`);
      }
      return 0;
    }
    case 'token-revoke': {
      if (args.length !== 2) throw new CliError('usage: token-revoke <mer_id> <token_id>');
      const { message } = await call('POST', `/api/operator/merchant/${id(args[0])}/token/${id(args[1])}/revoke`, token, {});
      console.log(`${message}：店铺 #${args[0]} 令牌 #${args[1]}`);
      return 0;
    }
    case 'shops': {
      const q = new URLSearchParams({ keyword: args.join(' '), page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `/api/operator/merchant?${q}`, token);
      console.log(`${data.count} shop(s)`);
      for (const m of data.list as OperatorShopDto[]) {
        console.log(
          `#${m.mer_id}  ${m.mer_name}  [${m.status ? '营业中' : '已关闭'}]  ${m.service_phone || '-'}  提醒 ${m.notice_phone || '-'}  在售 ${m.product_count}  待发货 ${m.to_ship_count}  令牌 ${m.token_count}`,
        );
      }
      return 0;
    }
    case 'shop-close':
    case 'shop-open': {
      const status = command === 'shop-open' ? 1 : 0;
      const { message, data } = await call('POST', `/api/operator/merchant/${id(args[0])}/status`, token, { status });
      console.log(`${message}：#${data.mer_id} ${data.mer_name}`);
      return 0;
    }
    case 'money': {
      const { data } = await call('GET', '/api/operator/money', token);
      const payments = data.payments as PaymentDueDto[];
      const refunds = data.refunds as RefundMoneyDueDto[];
      console.log(`${payments.length} payment(s) kept for a refund, ${refunds.length} refund(s) not paid back`);
      for (const p of payments) {
        console.log(`付款 #${p.payment_id}  ${p.out_trade_no}  ¥${p.amount}  ${p.provider}  用户 ${p.uid}  到账 ${p.paid_time ?? '-'}`);
        console.log(`    ${p.reason}`);
        const next = p.next_try ? `，下次 ${p.next_try}` : '';
        console.log(`    自动退款：${p.job_state}（已试 ${p.job_attempts} 次${next}）${p.job_error ? ` ${p.job_error}` : ''}`);
      }
      for (const r of refunds) {
        console.log(
          `退款单 #${r.refund_order_id}  ${r.refund_order_sn}  ¥${r.refund_price}  店铺 #${r.mer_id}  用户 ${r.uid}  [${r.money_state}]`,
        );
        if (r.money_error) console.log(`    ${r.money_error}`);
      }
      return 0;
    }
    case 'payment-refund': {
      const { message, data } = await call('POST', `/api/operator/payment/${id(args[0])}/refund`, token);
      console.log(`${message}：付款 #${data.payment_id} ${data.status}`);
      return 0;
    }
    case 'refund-pay': {
      const { message, data } = await call('POST', `/api/operator/refund/${id(args[0])}/pay`, token);
      console.log(`${message}：退款单 #${data.refund_order_id} ${data.money_state}`);
      return 0;
    }
    case 'chats':
    case 'chat':
    case 'reply':
    case 'unsend':
      return chatCommand('/api/operator/service', command, args, opts, token);
    default: {
      const done = await frameCommand(command, args, opts, token);
      if (done === null) throw new CliError(`unknown command "${command}"\n${USAGE}`);
      return done;
    }
  }
}

runCli(main);
