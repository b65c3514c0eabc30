import { describe, expect, it } from 'vitest';
import { createSecurityQuestion, isCorrectAnswer } from './security-question';

/** A `random` that returns these values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('createSecurityQuestion', () => {
  it('asks additions of 1–50, subtractions of 1–20 from 20–69 and multiplications of 2–11, at both ends of each range', () => {
    // The first draw picks the operation (thirds of [0, 1)), the next two the numbers.
    expect(createSecurityQuestion(sequence(0, 0, 0))).toEqual({ text: '1 + 1 = ?', answer: 2 });
    expect(createSecurityQuestion(sequence(0, 0.9999, 0.9999))).toEqual({ text: '50 + 50 = ?', answer: 100 });
    expect(createSecurityQuestion(sequence(0.5, 0, 0.9999))).toEqual({ text: '20 - 20 = ?', answer: 0 });
    expect(createSecurityQuestion(sequence(0.5, 0.9999, 0))).toEqual({ text: '69 - 1 = ?', answer: 68 });
    expect(createSecurityQuestion(sequence(0.9999, 0, 0))).toEqual({ text: '2 × 2 = ?', answer: 4 });
    expect(createSecurityQuestion(sequence(0.9999, 0.9999, 0.9999))).toEqual({ text: '11 × 11 = ?', answer: 121 });
  });

  it('always has a whole, non-negative answer that matches its text', () => {
    for (let i = 0; i < 500; i++) {
      const question = createSecurityQuestion();
      const [a, symbol, b] = question.text.replace(' = ?', '').split(' ');
      const expected = symbol === '+' ? Number(a) + Number(b) : symbol === '-' ? Number(a) - Number(b) : Number(a) * Number(b);
      expect(question.answer).toBe(expected);
      expect(Number.isInteger(question.answer) && question.answer >= 0).toBe(true);
    }
  });
});

describe('isCorrectAnswer', () => {
  const question = { text: '12 + 7 = ?', answer: 19 };
  it('takes the integer answer, with spaces around it forgiven', () => {
    expect(isCorrectAnswer(question, '19')).toBe(true);
    expect(isCorrectAnswer(question, ' 19 ')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const typed of ['', '18', '19.0', '1 9', '19a', 'nineteen', '+19', '0x13'])
      expect(isCorrectAnswer(question, typed)).toBe(false);
  });
});
