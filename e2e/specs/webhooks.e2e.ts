import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { verifyWebhookSignature, type WebhookPayload } from '@shrinkly/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../support/app-server.js';
import { type BrowserSession, launchBrowser, screenshot } from '../support/browser.js';
import { apiAccount, dashboard } from '../support/dashboard-page.js';

const PNG = fileURLToPath(new URL('../fixtures/skagen.png', import.meta.url));

describe('webhooks on /settings', () => {
  let server: AppServer;
  let session: BrowserSession;
  let receiver: Server;
  let receiverUrl = '';
  const received: Array<{ signature: string; body: string }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        received.push({ signature: String(req.headers['shrinkly-signature']), body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    // The receiver runs on this machine: the operator variable lets deliveries reach it.
    server = await startAppServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    session = await launchBrowser(server.baseUrl);
  });
  afterAll(async () => {
    await session?.close();
    await server?.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('adds an endpoint, shows its secret, lists the delivery of a compression and sends it again', async () => {
    const { token } = await apiAccount(server.baseUrl, { trial: true });
    const page = await session.newPage();
    await dashboard.open(page, token);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiverUrl);
    await section.getByRole('checkbox', { name: 'Compression completed' }).check();
    await section.getByRole('button', { name: 'Add Endpoint' }).click();
    const endpoints = section.getByRole('list', { name: 'Webhook endpoints' });
    await endpoints.getByText(receiverUrl).waitFor();
    const secret = await endpoints.getByTestId('webhook-secret').innerText();
    expect(secret).toMatch(/^whsec_/);
    await section.getByText('No deliveries yet').waitFor();

    const form = new FormData();
    form.set('compressionLevel', 'balanced');
    form.set('file', new Blob([await readFile(PNG)]), 'skagen.png');
    const upload = await fetch(`${server.baseUrl}/api/files/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(upload.status).toBeLessThan(300);

    const deliveries = section.getByTestId('webhook-deliveries');
    const readyRow = deliveries.getByRole('row').filter({ hasText: 'File ready in My Files' });
    for (let i = 0; i < 60 && !(await readyRow.getByText('delivered').isVisible()); i++) {
      await section.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(1000);
    }
    expect(await readyRow.innerText()).toMatch(/delivered\s+200\s+1\s/i);
    expect(await deliveries.getByRole('row').filter({ hasText: 'Compression completed' }).innerText()).toContain('200');
    await screenshot(page, 'settings-webhooks');

    const types = received.map((r) => (JSON.parse(r.body) as WebhookPayload).type).sort();
    expect(types).toEqual(['compression.completed', 'file.ready']);
    for (const r of received) expect(await verifyWebhookSignature({ header: r.signature, body: r.body, secret })).toBe(true);

    await readyRow.getByRole('button', { name: `Re-send File ready in My Files to ${receiverUrl}` }).click();
    await page.getByText('Sending Again').waitFor();
    for (let i = 0; i < 30 && received.length < 3; i++) await page.waitForTimeout(200);
    expect(received).toHaveLength(3);
  }, 180_000);
});
