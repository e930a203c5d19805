import type { ProjectDto, ProjectListDto } from '@karya/domain';
import { recordStamps } from '../../test/harness';
import { hex, line } from '../quotations/test-records';

export { hex };
export const ASHA = { _id: hex(500), name: 'Asha Rao' };

/**
 * Project n, approved from quotation 3's R1: panel 1 × 3 at Rs. 50,000 and panel 2 × 1 at Rs. 20,000 with
 * 18% GST (Rs. 2,00,600 in all), Initiated, both files attached.
 */
export const project = (n: number, over: Partial<ProjectDto> = {}): ProjectDto => ({
  ...recordStamps,
  createdBy: ASHA,
  updatedBy: null,
  _id: hex(2000 + n),
  projectId: n,
  title: `Smart class installation ${n}`,
  status: 'Initiated',
  customer: { _id: hex(700), customerId: 7, name: 'DAV Public School', isDeleted: false },
  requirement: { _id: hex(803), requirementId: 12, title: 'Smart class kits', isDeleted: false },
  quotation: { _id: hex(3), quotationId: 3, versionNumber: 1, isDeleted: false },
  items: [line(1, 3, 50000), line(2, 1, 20000)],
  totalPrice: 200600,
  files: {
    agreementFile: { url: `/api/files/${hex(901)}`, name: 'agreement.pdf', size: 2048 },
    purchaseOrderFile: { url: `/api/files/${hex(902)}`, name: 'purchase-order.pdf', size: 4096 },
  },
  statusHistory: [
    { from: null, to: 'Initiated', reason: null, changedBy: ASHA, changedAt: recordStamps.createdAt },
  ],
  ...over,
});

/** A row of the list, as GET /crm/projects answers it. */
export const listRow = (p: ProjectDto): ProjectListDto => ({
  ...recordStamps,
  createdBy: p.createdBy,
  isDeleted: p.isDeleted,
  _id: p._id,
  projectId: p.projectId,
  title: p.title,
  status: p.status,
  customer: p.customer && { _id: p.customer._id, customerId: p.customer.customerId, name: p.customer.name },
  totalPrice: p.totalPrice,
});
