import { MAIL_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/record/format';
import { meWith, Wrap, where } from '../../test/harness';
import { MailDetailPage } from './detail-page';
import { MailListPage } from './list-page';
import { linkText } from './mail-widgets';
import { callsTo, mailDto, mailId, stubMailNetwork } from './test-records';

const net = stubMailNetwork();

const QUOTATION_ID = 'c'.repeat(24);
const reminder = mailDto();
const failed = mailDto({
  _id: mailId(2),
  subject: 'Leave approved: 19 to 20 November',
  text: 'Hello Asha,\n\nYour leave was approved.',
  kind: 'leave',
  status: 'failed',
  error: '550 5.1.1 <asha@example.com>: Recipient address rejected: User unknown',
  explanation: 'The receiving server says this address does not exist. Check the e-mail address.',
  sentAt: null,
  canResend: true,
});
const code = mailDto({
  _id: mailId(3),
  subject: 'Your Karya sign-in code',
  text: 'Your code is ******',
  kind: 'code',
  status: 'failed',
  error: 'connect ECONNREFUSED 127.0.0.1:587',
  explanation: 'Karya could not reach its mail server. Send it again once the server is back.',
  sentAt: null,
  canResend: false,
});
const quotation = mailDto({
  _id: mailId(4),
  to: 'buyer@odishatraders.in',
  subject: 'Quotation Q-2026-0042',
  kind: 'quotation',
  status: 'logged',
  link: `/crm/quotations/${QUOTATION_ID}`,
  sentAt: null,
});

const listCalls = () =>
  callsTo(net.calls, 'GET', '/hrm/mail').map((c) => new URLSearchParams(c.url.split('?')[1]));

/** The page's own alert (toasts are alerts too). */
const deliveryAlert = () =>
  screen.queryAllByRole('alert').find((a) => a.textContent?.includes('This mail was not delivered'));

const detail = (id: string) => (
  <Wrap path={`/hrm/mail/${id}`} pattern="/hrm/mail/:id" signedIn>
    <MailDetailPage />
  </Wrap>
);

describe('mail: the list and a mail’s page', { timeout: 60_000 }, () => {
  it('lists the mail with status badges; the chips and the URL’s filters reach the call; a row opens it', async () => {
    net.mails = [reminder, failed, code, quotation];
    render(
      <Wrap path="/hrm/mail?filters[kind][]=reminder&filters[kind][]=leave&filters[to]=asha" signedIn>
        <MailListPage />
      </Wrap>,
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const first = listCalls()[0]!;
    expect(first.getAll('filters[kind][]')).toEqual(['reminder', 'leave']);
    expect(first.get('filters[to]')).toBe('asha');
    expect(first.get('page')).toBe('1');

    const table = await screen.findByRole('table', { name: 'Mail' }, { timeout: 15_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Subject', 'To', 'Kind', 'Status', 'Sent On']);
    const row = await within(table).findByRole('row', { name: /Follow up with Odisha Traders/ });
    expect(row.textContent).toContain('asha@example.com');
    expect(row.textContent).toContain('Follow-up reminders');
    expect(row.textContent).toContain('Sent');
    // DD/MM/YYYY hh:mm A in the browser's time zone (the app's formatter).
    expect(row.textContent).toContain(formatDateTime(reminder.createdAt));
    expect(formatDateTime(reminder.createdAt)).toMatch(/^10\/11\/2026 \d{2}:\d{2} (AM|PM)$/);
    expect(within(table).getByRole('row', { name: /Leave approved/ }).textContent).toContain('Failed');
    expect(within(table).queryByRole('row', { name: /sign-in code/ })).toBeNull();

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Status quick filters' })).getByRole('checkbox', {
        name: 'Failed',
      }),
    );
    await waitFor(() => expect(listCalls().at(-1)?.getAll('filters[status][]')).toEqual(['failed']), {
      timeout: 15_000,
    });
    // The filtered page may take seconds to come on a loaded CI machine (npm test beside the SQL-injection
    // scan): waited for as long as the first page, and the table looked up afresh each time.
    const mailTable = () => screen.getByRole('table', { name: 'Mail' });
    await waitFor(
      () =>
        expect(within(mailTable()).queryByRole('row', { name: /Follow up with Odisha Traders/ })).toBeNull(),
      { timeout: 15_000 },
    );

    fireEvent.click(within(mailTable()).getByRole('row', { name: /Leave approved/ }));
    await waitFor(() => expect(where.pathname).toBe(`/hrm/mail/${failed._id}`));
  });

  it('shows cards on a phone, with the “no mail server” state in words; and says when there is none', async () => {
    net.mails = [quotation];
    // A phone: nothing stored, the list starts as cards.
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const { unmount } = render(
      <Wrap path="/hrm/mail" signedIn>
        <MailListPage />
      </Wrap>,
    );
    const grid = await screen.findByRole('list', { name: 'Mail' }, { timeout: 15_000 });
    const card = await within(grid).findByRole('article', { name: 'Quotation Q-2026-0042' });
    expect(card.textContent).toContain('Not sent (no mail server)');
    expect(card.textContent).toContain('buyer@odishatraders.in');
    expect(card.textContent).toContain('Quotations sent to customers');
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

    net.mails = [];
    render(
      <Wrap path="/hrm/mail" signedIn>
        <MailListPage />
      </Wrap>,
    );
    expect(await screen.findByText('No mail found', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('explains a failure; Send again posts with an Idempotency-Key and opens the new mail', async () => {
    net.mails = [failed];
    render(detail(failed._id));
    expect(await screen.findByRole('heading', { name: 'Leave approved: 19 to 20 November' })).toBeTruthy();
    const alert = deliveryAlert();
    expect(alert?.textContent).toContain(failed.explanation);
    expect(alert?.textContent).toContain('Recipient address rejected');
    expect(document.body.textContent).toContain('Your leave was approved.');
    expect(screen.queryByText(MAIL_MESSAGES.notResendable('leave'))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(callsTo(net.calls, 'POST', `/hrm/mail/${failed._id}/resend`)).toHaveLength(1));
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url) === `/api/hrm/mail/${failed._id}/resend`)?.[1];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);

    expect(await screen.findByText(MAIL_MESSAGES.resent)).toBeTruthy();
    const made = net.mails[0]!;
    expect(made._id).not.toBe(failed._id);
    await waitFor(() => expect(where.pathname).toBe(`/hrm/mail/${made._id}`));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull());
    expect(deliveryAlert()).toBeUndefined();
  });

  it('offers no Send again for a code, and says why; nor without create on mail', async () => {
    net.mails = [code, failed];
    const { unmount } = render(detail(code._id));
    expect(await screen.findByRole('heading', { name: 'Your Karya sign-in code' })).toBeTruthy();
    expect(deliveryAlert()?.textContent).toContain(code.explanation);
    expect(screen.getByText(MAIL_MESSAGES.notResendable('code'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    unmount();

    net.me = meWith({ mail: ['read'] });
    render(detail(failed._id));
    expect(await screen.findByRole('heading', { name: 'Leave approved: 19 to 20 November' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('links to what the mail is about, when the user may open it', async () => {
    net.me = meWith({ mail: ['read', 'create'], quotation: ['read'] });
    net.mails = [quotation];
    const { unmount } = render(detail(quotation._id));
    const link = await screen.findByRole('link', { name: 'Open the quotation' });
    expect(link.getAttribute('href')).toBe(`/crm/quotations/${QUOTATION_ID}`);
    expect(document.body.textContent).toContain('Not sent (no mail server)');
    expect(screen.getByText(MAIL_MESSAGES.notResendable('quotation'))).toBeTruthy();
    unmount();

    net.me = meWith({ mail: ['read'] });
    render(detail(quotation._id));
    expect(await screen.findByRole('heading', { name: 'Quotation Q-2026-0042' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the quotation' })).toBeNull();
  });

  it('says so when the mail does not exist, with a way back', async () => {
    render(detail(mailId(9)));
    expect(await screen.findByText(MAIL_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to mail' }).getAttribute('href')).toBe('/hrm/mail');
  });

  it('words a link by what it points at', () => {
    expect(linkText(`/crm/quotations/${QUOTATION_ID}`)).toBe('Open the quotation');
    expect(linkText(`/hrm/leaves/${QUOTATION_ID}`)).toBe('Open the leave');
    expect(linkText(`/crm/follow-ups/${QUOTATION_ID}`)).toBe('Open the follow-up');
    expect(linkText('/')).toBe('Open the record');
  });
});
