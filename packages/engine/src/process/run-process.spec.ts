import { describe, expect, it } from 'vitest';
import { runProcess } from './run-process.js';

describe('runProcess', () => {
  it('runs a program with an argument array and captures stdout', async () => {
    const { stdout } = await runProcess('sh', ['-c', 'printf "%s" "$1"', 'sh', 'a b; echo injected'], { captureStdout: true });
    expect(stdout).toBe('a b; echo injected');
  });

  it('reports a non-zero exit as failed with the stderr tail', async () => {
    await expect(runProcess('sh', ['-c', 'echo broken >&2; exit 3'])).rejects.toMatchObject({
      kind: 'failed',
      stderrTail: 'broken\n',
    });
  });

  it('reports a missing program as tool-missing', async () => {
    await expect(runProcess('no-such-tool-xyz', [])).rejects.toMatchObject({ kind: 'tool-missing' });
  });

  it('kills the whole process tree on timeout and on cancel', async () => {
    const started = Date.now();
    await expect(runProcess('sh', ['-c', 'sleep 30 & sleep 30; wait'], { timeoutMs: 200 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(runProcess('sh', ['-c', 'sleep 30'], { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('delivers stdout line by line', async () => {
    const lines: string[] = [];
    await runProcess('sh', ['-c', 'printf "one\\ntwo\\nthree\\n"'], { onStdoutLine: (l) => lines.push(l) });
    expect(lines).toEqual(['one', 'two', 'three']);
  });
});
