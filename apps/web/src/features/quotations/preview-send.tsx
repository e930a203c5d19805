import { formatQuotationId, mayBeSent, type QuotationDto, type QuotationVersionDto } from '@karya/domain';
import { SendByEmailButton } from '../../components/record/send-document';
import { sendQuotationEmail } from './document-files';

/**
 * Send (issue 25): the version's PDF by e-mail to the customer's own address or one of its contacts' (the
 * server checks which). Only for a version that may leave the company.
 */
export const SendQuotationButton = ({
  quotation,
  version,
}: {
  quotation: QuotationDto;
  version: QuotationVersionDto;
}) => {
  if (!mayBeSent(version) || !quotation.customer) return null;
  return (
    <SendByEmailButton
      dialogTitle="Send Quotation"
      summary={`${formatQuotationId(quotation.quotationId, version.versionNumber)} as a PDF to ${quotation.customer.name}`}
      defaultEmail={quotation.customer.email ?? ''}
      loadingText="Sending the quotation"
      send={(email, key) => sendQuotationEmail(quotation._id, { email, version: version._id }, key)}
    />
  );
};
