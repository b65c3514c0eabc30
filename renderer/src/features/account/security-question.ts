/** The sign-up security check (docs/product/SPEC.md §5): a random arithmetic question with an integer answer. */
export interface SecurityQuestion {
  /** As shown to the user, e.g. `12 + 7 = ?`. */
  text: string;
  answer: number;
}

type Operation = 'add' | 'subtract' | 'multiply';
const OPERATIONS: readonly Operation[] = ['add', 'subtract', 'multiply'];

/** Whole number in [min, max], both included. */
function randomInt(min: number, max: number, random: () => number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function build(a: number, symbol: string, b: number, answer: number): SecurityQuestion {
  return { text: `${a} ${symbol} ${b} = ?`, answer };
}

/**
 * Addition of two numbers 1–50, subtraction of 1–20 from 20–69 (never negative), or multiplication of two
 * numbers 2–11. `random` is injectable for tests.
 */
export function createSecurityQuestion(random: () => number = Math.random): SecurityQuestion {
  const operation = OPERATIONS[randomInt(0, OPERATIONS.length - 1, random)] ?? 'add';
  switch (operation) {
    case 'add': {
      const a = randomInt(1, 50, random);
      const b = randomInt(1, 50, random);
      return build(a, '+', b, a + b);
    }
    case 'subtract': {
      const a = randomInt(20, 69, random);
      const b = randomInt(1, 20, random);
      return build(a, '-', b, a - b);
    }
    case 'multiply': {
      const a = randomInt(2, 11, random);
      const b = randomInt(2, 11, random);
      return build(a, '×', b, a * b);
    }
  }
}

/** Whether the typed answer is the integer answer; surrounding spaces are forgiven, anything else is wrong. */
export function isCorrectAnswer(question: SecurityQuestion, typed: string): boolean {
  const trimmed = typed.trim();
  return /^-?\d+$/.test(trimmed) && Number(trimmed) === question.answer;
}
