import type { QuotationDto, QuotationVersionDto } from '@karya/domain';
import { formatQuotationId, mayBeSent } from '@karya/domain';
import { ShareFileButton } from '../../components/record/send-document';
import { fetchQuotationPdf } from './document-files';

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
  if (!mayBeSent(version)) return null;
  return (
    <ShareFileButton
      title={`Quotation ${formatQuotationId(quotation.quotationId, version.versionNumber)}`}
      file={() =>
        fetchQuotationPdf(quotation._id, version._id, {
          quotationId: quotation.quotationId,
          versionNumber: version.versionNumber,
        })
      }
    />
  );
};
