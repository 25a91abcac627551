import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown-text.ts';

describe('countdown digits', () => {
  it('are HH:MM:SS under a day, with the days in front from one day on', () => {
    expect(countdownText(0)).toBe('00:00:00');
    expect(countdownText(-5)).toBe('00:00:00');
    expect(countdownText(15 * 60 + 2)).toBe('00:15:02');
    expect(countdownText(86_399)).toBe('23:59:59');
    expect(countdownText(86_400)).toBe('1天 00:00:00');
    expect(countdownText(719 * 3600 + 41 * 60 + 28)).toBe('29天 23:41:28');
  });
});
