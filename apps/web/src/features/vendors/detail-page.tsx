import { VENDOR_MESSAGES, type VendorDto } from '@karya/domain';
import { Anchor, Card, Image, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { FieldList } from '../../components/record/field-list';
import { useVendor, useVendorLifecycle, VENDOR_UPDATE_HASH, VENDORS_PAGE, vendorKeys } from './api';

const websiteHref = (w: string) => (/^https?:\/\//i.test(w) ? w : `https://${w}`);

const Section = ({ title, id, children }: { title: string; id: string; children: React.ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
    <Title order={3} size="h5" mb="sm" id={id}>
      {title}
    </Title>
    {children}
  </Card>
);

/** /admin/products/vendors/:id "Vendor Details": Basic Information, Contact Person, Vendor Image, Actions. */
export const VendorDetailPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const vendor = useVendor(id);
  const actions = useDetailActions({
    resource: 'product-vendor',
    id,
    lifecycle: useVendorLifecycle(),
    listPath: VENDORS_PAGE,
  });
  return (
    <DetailFrame<VendorDto>
      title="Vendor Details"
      recordName={(v) => v.name}
      noun="vendor"
      query={vendor}
      notFoundText={VENDOR_MESSAGES.notFound}
      backTo={{ to: VENDORS_PAGE, label: 'Back to vendors' }}
      {...actions}
      // The edit dialog lives on the list (spec 3 §2), open under its hash.
      onUpdate={() => navigate(`${VENDORS_PAGE}${VENDOR_UPDATE_HASH}${id}`)}
      history={{
        path: `/crm/products/vendors/${id}/history`,
        queryKey: [...vendorKeys.detail(id), 'history'],
      }}
    >
      {(v) => (
        <>
          <Section title="Basic Information" id="vendor-basic">
            <FieldList
              items={[
                { label: 'Name', value: v.name },
                {
                  label: 'Email',
                  value: v.email ? <Anchor href={`mailto:${v.email}`}>{v.email}</Anchor> : null,
                },
                {
                  label: 'Phone',
                  value: v.phone ? <Anchor href={`tel:${v.phone}`}>{v.phone}</Anchor> : null,
                },
                {
                  label: 'Website',
                  value: v.website ? (
                    <Anchor href={websiteHref(v.website)} target="_blank" rel="noopener noreferrer">
                      {v.website}
                    </Anchor>
                  ) : null,
                },
                ...(v.gstin ? [{ label: 'GSTIN', value: v.gstin }] : []),
                { label: 'Rating', value: v.rating !== null ? `${v.rating} / 5` : null },
                { label: 'Address', value: v.address, wide: true },
              ]}
            />
          </Section>
          <Section title="Contact Person" id="vendor-contact">
            <FieldList
              items={[
                { label: 'Name', value: v.contactPerson?.name },
                { label: 'Designation', value: v.contactPerson?.designation },
                { label: 'Email', value: v.contactPerson?.email },
                { label: 'Phone', value: v.contactPerson?.phone },
              ]}
            />
          </Section>
          <Section title="Vendor Image" id="vendor-image">
            {v.image ? (
              <Image src={v.image.url} alt={`${v.name} image`} maw={320} radius="md" />
            ) : (
              <Text size="sm" c="dimmed">
                No image attached
              </Text>
            )}
          </Section>
        </>
      )}
    </DetailFrame>
  );
};
