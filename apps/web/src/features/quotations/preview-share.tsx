import type { QuotationDto, QuotationVersionDto } from '@karya/domain';
import { formatQuotationId, mayBeSent } from '@karya/domain';
import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { fetchQuotationPdf, shareOrDownload } from './document-files';

/**
 * Share (issue 25): the server's PDF to the phone's share sheet, or downloaded where sharing files is not
 * supported. Only for a version that may leave the company (mayBeSent); the caller hides it otherwise.
 */
export const ShareQuotationButton = ({
  quotation,
  version,
}: {
  quotation: QuotationDto;
  version: QuotationVersionDto;
}) => {
  const [busy, setBusy] = useState(false);
  if (!mayBeSent(version)) return null;
  const share = async () => {
    setBusy(true);
    try {
      const file = await fetchQuotationPdf(quotation._id, version._id, {
        quotationId: quotation.quotationId,
        versionNumber: version.versionNumber,
      });
      await shareOrDownload(
        file,
        `Quotation ${formatQuotationId(quotation.quotationId, version.versionNumber)}`,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconShare size={16} />} loading={busy} onClick={share}>
      Share
    </Button>
  );
};
