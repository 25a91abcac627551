/**
 * The operator CLI's activity-frame commands (`/api/operator/frame`, `/api/operator/upload/image`): frames, frame,
 * frame-add, frame-edit, frame-delete, upload. A frame is a picture laid over product-card pictures (`border_pic`) for a
 * campaign, written as JSON, for example (the picture's path from `upload`; times in mall time, UTC+8)
 *   {"name": "年终好物节", "pic": "/media/u0123abcd.webp", "scope": 1, "scope_ids": [3],
 *    "start_time": "2026-12-01 00:00:00", "end_time": "2026-12-31 23:59:59", "status": 1, "sort": 10}
 */
import { CliError, call, mallUrl, positiveId, readJsonFile, uploadPicture } from './cli.ts';
import type { FrameDto } from '../src/server/services/promotion/manage-frames.ts';

export const FRAME_USAGE = `  frames [state]                activity frames on product cards, newest first; state: all (default), 0 not started, 1 showing, -1 ended, -2 off
  frame <id>                    one frame with every id it applies to
  frame-add <file.json | ->     a new frame from JSON {name, pic, scope, scope_ids, start_time, end_time, status, sort} (- reads standard input)
  frame-edit <id> <file.json | ->   replace a frame's settings (the whole body, as frame-add); cards change at once
  frame-delete <id>             delete a frame: it leaves every product card at once
  upload <picture>              upload a picture (JPEG, PNG, WebP or GIF, at most 5 MB) and print its path, the frame's pic`;

type Frame = FrameDto;

const SCOPE_WORD: Record<number, string> = { 1: '分类', 2: '店铺', 3: '商品' };
/** Ids a list line names before it says how many more. */
const LIST_IDS = 10;

/** The scope in words: 全部商品, or 分类 / 店铺 / 商品 with their ids (the first ten in a list, all with `full`). */
function scopeText(f: Frame, full: boolean): string {
  const word = SCOPE_WORD[f.scope];
  if (!word) return '全部商品';
  const ids = full ? f.scope_ids : f.scope_ids.slice(0, LIST_IDS);
  const more = f.scope_ids.length - ids.length;
  return `${word} ${ids.join('、')}${more ? ` 等 ${f.scope_ids.length} 个` : ''}`;
}

function printFrame(f: Frame, full = false): void {
  console.log(`#${f.frame_id}  ${f.name}  [${f.state_text}]  ${scopeText(f, full)}  排序 ${f.sort}`);
  console.log(`    ${f.start_time} → ${f.end_time}  ${mallUrl()}${f.pic}`);
  if (full) console.log(`    创建于 ${f.create_time}`);
}

/** Runs one frame command; `null` when `command` is not one of them. */
export async function frameCommand(
  command: string,
  args: string[],
  opts: { page?: string; limit?: string },
  token: string,
): Promise<number | null> {
  switch (command) {
    case 'frames': {
      const state = args[0] ?? 'all';
      if (!['all', '0', '1', '-1', '-2'].includes(state)) throw new CliError('state must be all, 0, 1, -1 or -2');
      const q = new URLSearchParams({ page: opts.page ?? '1', limit: opts.limit ?? '20', ...(state === 'all' ? {} : { state }) });
      const { data } = await call('GET', `/api/operator/frame/lst?${q}`, token);
      const list = data.list as Frame[];
      console.log(`${data.count} frame(s)${data.count > list.length ? `, showing ${list.length} (page ${q.get('page')})` : ''}`);
      for (const f of list) printFrame(f);
      return 0;
    }
    case 'frame': {
      const { data } = await call('GET', `/api/operator/frame/detail/${positiveId(args[0], 'id')}`, token);
      printFrame(data as Frame, true);
      return 0;
    }
    case 'frame-add': {
      const { message, data } = await call('POST', '/api/operator/frame/create', token, await readJsonFile(args[0], 'frame'));
      console.log(message);
      printFrame(data as Frame, true);
      return 0;
    }
    case 'frame-edit': {
      const id = positiveId(args[0], 'id');
      const { message, data } = await call('POST', `/api/operator/frame/update/${id}`, token, await readJsonFile(args[1], 'frame'));
      console.log(message);
      printFrame(data as Frame, true);
      return 0;
    }
    case 'frame-delete': {
      const { message, data } = await call('POST', `/api/operator/frame/delete/${positiveId(args[0], 'id')}`, token, {});
      console.log(`${message}：#${data.frame_id}`);
      return 0;
    }
    case 'upload': {
      const { message, data } = await uploadPicture(args[0], '/api/operator/upload/image', token);
      console.log(`${message}：${data.width}×${data.height}  ${mallUrl()}${data.path}`);
      // The last line alone, for scripts: the path to give as the frame's `pic`.
      console.log(data.path);
      return 0;
    }
    default:
      return null;
  }
}
