import { describe, it, expect, beforeEach } from 'vitest';
import sharp from 'sharp';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { at, freshPhone, installMemorySms, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { aesEncrypt, PIECE, SLIDER_HEIGHT, SLIDER_WIDTH } from '../../auth/slider-captcha.ts';
import type { ServiceContext } from '../context.ts';
import { accountText } from './messages.ts';
import { sendCode } from './send-code.ts';
import { checkSlider, getSliderCaptcha } from './slider-captcha.ts';

beforeEach(() => {
  installMemorySms();
});

/** Slides the piece of a new puzzle to `dx` px from where it fits and checks it as the reference's browser code does. */
async function solve(ctx: ServiceContext, dx = 0, now = at(0)) {
  const puzzle = await getSliderCaptcha(ctx, { captchaType: 'blockPuzzle' }, { exposeAnswer: true }, now);
  const plain = JSON.stringify({ x: puzzle.x! + dx + 0.37, y: 5 });
  const pointJson = aesEncrypt(plain, puzzle.secretKey);
  return { puzzle, pointJson, verification: aesEncrypt(`${puzzle.token}---${plain}`, puzzle.secretKey) };
}

describe('slider captcha (GET /api/ajcaptcha, POST /api/ajcheck)', () => {
  it('draws a 310×155 picture with a hole and the 47 px strip of its piece, and keeps the answer to itself', async () => {
    const db = await createTestDatabase();
    const puzzle = await getSliderCaptcha(visitorFrom(db), {});
    expect(Object.keys(puzzle).sort()).toEqual(['jigsawImageBase64', 'originalImageBase64', 'secretKey', 'token']);
    expect(puzzle.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
    const original = await sharp(Buffer.from(puzzle.originalImageBase64, 'base64')).metadata();
    const jigsaw = await sharp(Buffer.from(puzzle.jigsawImageBase64, 'base64')).metadata();
    expect([original.format, original.width, original.height]).toEqual(['png', SLIDER_WIDTH, SLIDER_HEIGHT]);
    expect([jigsaw.format, jigsaw.width, jigsaw.height, jigsaw.hasAlpha]).toEqual(['png', PIECE, SLIDER_HEIGHT, true]);
    // Two puzzles are never the same picture.
    expect((await getSliderCaptcha(visitorFrom(db), {})).originalImageBase64).not.toBe(puzzle.originalImageBase64);
    await expect(getSliderCaptcha(visitorFrom(db), { captchaType: 'clickWord' })).rejects.toMatchObject({
      message: accountText.sliderType,
    });
  });

  it('takes the piece within 5 px of the hole, once per puzzle', async () => {
    const db = await createTestDatabase();
    const near = await solve(visitorFrom(db), 4);
    expect(await checkSlider(visitorFrom(db), { token: near.puzzle.token, pointJson: near.pointJson, captchaType: 'blockPuzzle' })).toEqual(
      { result: true },
    );
    await expect(checkSlider(visitorFrom(db), { token: near.puzzle.token, pointJson: near.pointJson })).rejects.toMatchObject({
      message: accountText.sliderFailed,
    });
    // Six px off is wrong, and the puzzle is then used up even for the right answer.
    const off = await solve(visitorFrom(db), 6);
    await expect(checkSlider(visitorFrom(db), { token: off.puzzle.token, pointJson: off.pointJson })).rejects.toMatchObject({
      code: 'refused',
    });
    const right = aesEncrypt(JSON.stringify({ x: off.puzzle.x, y: 5 }), off.puzzle.secretKey);
    await expect(checkSlider(visitorFrom(db), { token: off.puzzle.token, pointJson: right })).rejects.toMatchObject({ code: 'refused' });
  });

  it('refuses answers that are not what the browser sends, without an error of its own', async () => {
    const db = await createTestDatabase();
    for (const pointJson of [
      '',
      'not base64 at all',
      Buffer.from('{"x":100,"y":5}').toString('base64'),
      aesEncrypt('{"x":"100"}', 'ABCDEFGHJKLMNPQR'),
    ]) {
      const { puzzle } = await solve(visitorFrom(db));
      await expect(checkSlider(visitorFrom(db), { token: puzzle.token, pointJson })).rejects.toMatchObject({ status: 400 });
    }
    const unencrypted = await solve(visitorFrom(db));
    const plain = JSON.stringify({ x: unencrypted.puzzle.x, y: 5 });
    await expect(checkSlider(visitorFrom(db), { token: unencrypted.puzzle.token, pointJson: plain })).rejects.toMatchObject({
      status: 400,
    });
    await expect(checkSlider(visitorFrom(db), { token: 'x'.repeat(65), pointJson: 'a' })).rejects.toMatchObject({ status: 400 });
  });

  it('lets a solved slider stand for the image captcha when sending SMS codes, once', async () => {
    const db = await createTestDatabase();
    const phone = freshPhone();
    const send = (seconds: number, extra: Record<string, string> = {}) =>
      sendCode(visitorFrom(db), { phone_code: '86', phone, type: 'login', ...extra }, at(seconds));
    for (const t of [0, 60, 120]) await send(t);
    await expect(send(180)).rejects.toMatchObject({ data: { need_captcha: true } });
    const solved = await solve(visitorFrom(db), 0, at(181));
    // Not checked at ajcheck yet: the verification is worth nothing.
    await expect(send(181, { captchaType: 'blockPuzzle', captchaVerification: solved.verification })).rejects.toMatchObject({
      message: accountText.sliderUsed,
      data: { need_captcha: true },
    });
    const again = await solve(visitorFrom(db), 0, at(182));
    await checkSlider(visitorFrom(db), { token: again.puzzle.token, pointJson: again.pointJson });
    const withSlider = { captchaType: 'blockPuzzle', captchaVerification: again.verification };
    await expect(send(182, withSlider)).resolves.toEqual({ message: '验证码已发送' });
    await expect(send(250, withSlider)).rejects.toMatchObject({ message: accountText.sliderUsed });
  });
});
