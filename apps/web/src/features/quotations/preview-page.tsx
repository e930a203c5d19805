import {
  type CompanySettingsDto,
  mayBeSent,
  QUOTATION_ITEM_COLUMNS,
  QUOTATION_MESSAGES,
  type QuotationDocument,
  type QuotationDto,
  quotationDocument,
} from '@karya/domain';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCompanySettings } from '../company/api';
import { useQuotation } from './api';
import { quotationPdfUrl } from './document-files';
import classes from './preview-page.module.css';
import { SendQuotationButton } from './preview-send';
import { ShareQuotationButton } from './preview-share';

/** The numeric columns of the items table, right-aligned. */
const NUMERIC = new Set(['Qty', 'Unit Price', 'GST Rate', 'GST Per Unit', 'Total Price']);

const Lines = ({ lines }: { lines: readonly string[] }) => (
  <p className={classes.lines}>{lines.join('\n')}</p>
);

/** The printable A4 (spec 3 §2 Preview), drawn from the document model the server's PDF also prints. */
export const QuotationSheet = ({ doc }: { doc: QuotationDocument }) => (
  // Focusable: on a phone the sheet scrolls sideways, and a keyboard must reach that scroll too.
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region (axe scrollable-region-focusable)
  <article className={classes.sheet} aria-label={`Quotation ${doc.number}`} tabIndex={0}>
    {doc.band ? (
      <div className={classes.band} role="note">
        {doc.band}
      </div>
    ) : null}
    <header className={classes.header}>
      {doc.company.logoUrl ? <img className={classes.logo} src={doc.company.logoUrl} alt="" /> : null}
      <div>
        {doc.companyMissing ? (
          <p className={classes.warning}>{QUOTATION_MESSAGES.companyMissing}</p>
        ) : (
          <>
            <p className={classes.companyName}>{doc.company.name}</p>
            <Lines lines={doc.company.lines} />
          </>
        )}
      </div>
      <div className={classes.docTitle}>
        <h1>QUOTATION</h1>
        <Lines lines={[`No: ${doc.number}`, `Date: ${doc.date}`, `Valid Until: ${doc.validUntil}`]} />
      </div>
    </header>
    <section className={classes.parties}>
      <div>
        <h2>To</h2>
        <p className={classes.companyName} style={{ fontSize: 13 }}>
          {doc.customer.name}
        </p>
        <Lines lines={doc.customer.lines} />
      </div>
      <div>
        <h2>Subject</h2>
        <Lines lines={[doc.title]} />
        <h2 style={{ marginTop: 6 }}>Place of Supply</h2>
        <Lines lines={[doc.placeOfSupply || '—']} />
      </div>
    </section>
    <table className={classes.table}>
      <thead>
        <tr>
          {QUOTATION_ITEM_COLUMNS.map((c) => (
            <th key={c} scope="col" className={NUMERIC.has(c) ? classes.num : undefined}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {doc.rows.map((row) => (
          <tr key={row[0]}>
            {row.map((cell, i) => (
              <td
                key={QUOTATION_ITEM_COLUMNS[i]}
                className={NUMERIC.has(QUOTATION_ITEM_COLUMNS[i]!) ? classes.num : undefined}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
    <table className={classes.totals}>
      <tbody>
        {doc.totals.map((t) => (
          <tr key={t.label}>
            <td>{t.label}</td>
            <td className={classes.num}>{t.value}</td>
          </tr>
        ))}
        <tr className={classes.grand}>
          <td>{doc.grandTotal.label}</td>
          <td className={classes.num}>{doc.grandTotal.value}</td>
        </tr>
      </tbody>
    </table>
    <p className={classes.words}>Amount in words: {doc.amountInWords}</p>
    <section className={classes.section}>
      <h2>HSN/SAC Summary</h2>
      <table className={classes.table}>
        <thead>
          <tr>
            {doc.hsn.columns.map((c, i) => (
              <th key={c} scope="col" className={i ? classes.num : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {doc.hsn.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for the version shown
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={doc.hsn.columns[i]} className={i ? classes.num : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            {doc.hsn.total.map((cell, i) => (
              <td key={doc.hsn.columns[i]} className={i ? classes.num : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
    {doc.notes ? (
      <section className={classes.section}>
        <h2>Notes</h2>
        <Lines lines={[doc.notes]} />
      </section>
    ) : null}
    <section className={classes.section}>
      <h2>Terms and Conditions</h2>
      <ol style={{ margin: 0, paddingLeft: 16 }}>
        {doc.terms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ol>
    </section>
    <section className={classes.section}>
      <h2>Bank Details</h2>
      {doc.accountMissing ? (
        <p className={classes.warning}>{QUOTATION_MESSAGES.accountMissing}</p>
      ) : (
        <Lines lines={doc.bank.map((b) => `${b.label}: ${b.value}`)} />
      )}
    </section>
    {doc.declaration ? (
      <section className={classes.section}>
        <h2>Declaration</h2>
        <Lines lines={[doc.declaration]} />
      </section>
    ) : null}
    <div className={classes.signature}>
      <div>
        <p style={{ margin: 0 }}>For {doc.signatureFor || '—'}</p>
        <div className={classes.space} />
        <p style={{ margin: 0 }}>Authorised Signatory</p>
      </div>
    </div>
  </article>
);

/** The version to show: ?version=<versionId> when it is one of the quotation's, else the active one. */
const pickVersion = (q: QuotationDto, wanted: string | null) =>
  q.versions.find((v) => v._id === wanted) ?? q.activeVersion;

const PreviewBody = ({
  quotation,
  company,
  versionId,
}: {
  quotation: QuotationDto;
  company: CompanySettingsDto | null;
  versionId: string | null;
}) => {
  const version = pickVersion(quotation, versionId);
  const doc = quotationDocument(quotation, company, version);
  const sendable = mayBeSent(version);
  const pdf = quotationPdfUrl(quotation._id, version._id);
  return (
    <Stack gap="md">
      <Group gap="sm" className={classes.screenOnly}>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print Quotation
        </Button>
        <Button component="a" href={pdf} download variant="default" leftSection={<IconDownload size={16} />}>
          Download PDF
        </Button>
        {sendable ? (
          <>
            <SendQuotationButton quotation={quotation} version={version} />
            <ShareQuotationButton quotation={quotation} version={version} />
          </>
        ) : null}
      </Group>
      {doc.companyMissing || doc.accountMissing ? (
        <Stack gap="xs" className={classes.screenOnly}>
          {doc.companyMissing ? <Alert color="yellow">{QUOTATION_MESSAGES.companyMissing}</Alert> : null}
          {doc.accountMissing ? <Alert color="yellow">{QUOTATION_MESSAGES.accountMissing}</Alert> : null}
        </Stack>
      ) : null}
      <QuotationSheet doc={doc} />
    </Stack>
  );
};

/**
 * /crm/quotations/{id}/preview (spec 3 §2 Preview; print on quotation): the A4 of the active version (or
 * ?version=), Print Quotation, the server's PDF, and Send and Share once the version may leave the company.
 */
export const QuotationPreviewPage = () => {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const quotation = useQuotation(id);
  const company = useCompanySettings();
  const q = quotation.data;
  return (
    <Stack gap={0}>
      <div className={classes.screenOnly}>
        <PageHeader title="Quotation Preview" back />
      </div>
      {quotation.isPending || company.isPending ? (
        <Loader aria-label="Loading the quotation" />
      ) : !q ? (
        <Alert color="red">{QUOTATION_MESSAGES.notFound}</Alert>
      ) : (
        <PreviewBody quotation={q} company={company.data ?? null} versionId={params.get('version')} />
      )}
    </Stack>
  );
};
