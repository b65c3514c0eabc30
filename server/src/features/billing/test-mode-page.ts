import { PRODUCT_NAME } from '@shrinkly/contract';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const BUTTON_STYLES = {
  primary: 'background:#1971c2;color:#fff;border:0',
  plain: 'background:#fff;border:1px solid #ced4da',
  danger: 'background:#fff;color:#c92a2a;border:1px solid #c92a2a',
} as const;

/** One choice of a test-mode page: its form posts `outcome=<value>`. */
export interface TestModeChoice {
  value: string;
  label: string;
  look: keyof typeof BUTTON_STYLES;
}

/**
 * A page of the sandbox provider standing in for a real provider's hosted page (checkout, PayPal approval): plainly
 * marked test mode, one form whose buttons say what the payer does. `lines` are HTML, escaped by the caller.
 */
export function testModePage(page: {
  title: string;
  heading: string;
  note: string;
  lines: string[];
  action: string;
  choices: TestModeChoice[];
}): string {
  const buttons = page.choices
    .map(
      (c) =>
        `<button type="submit" name="outcome" value="${c.value}" style="${BUTTON_STYLES[c.look]};border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer">${escapeHtml(c.label)}</button>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${PRODUCT_NAME}</title></head>
<body style="font-family: system-ui, sans-serif; background:#f5f7fa; margin:0; padding:2rem;">
<main style="max-width:28rem; margin:0 auto; background:#fff; border-radius:12px; padding:2rem; box-shadow:0 2px 12px rgba(0,0,0,.08)">
<p role="note" style="background:#fff4e5; color:#8a4b00; border:1px solid #ffcc80; border-radius:8px; padding:.75rem; font-weight:600">${escapeHtml(page.note)}</p>
<h1 style="font-size:1.4rem">${escapeHtml(page.heading)}</h1>
${page.lines.map((line) => `<p>${line}</p>`).join('\n')}
<form method="post" action="${escapeHtml(page.action)}" style="display:flex; gap:.5rem; flex-wrap:wrap">
${buttons}
</form></main></body></html>`;
}
