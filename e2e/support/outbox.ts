import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest password reset link the server wrote to its outbox for an address (waits briefly for it). */
export async function resetLinkFromOutbox(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse();
    for (const name of names) {
      const mail = decodeQuotedPrintable(await readFile(path.join(dir, name), 'utf8'));
      if (!mail.includes(`To: ${email}`)) continue;
      const match = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail);
      if (match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset link for ${email} in ${dir}`);
}
