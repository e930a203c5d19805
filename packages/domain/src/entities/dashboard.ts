/** GET /admin/dashboard (spec 1 §2). Parts whose records arrive in later issues report zeros. */
export type AdminDashboard = {
  users: {
    new: number;
    total: number;
    newThisWeek: { _id: string; name: string; email: string; createdAt: string }[];
  };
  roles: {
    total: number;
    newRoles: RoleSummary[];
    updatedRoles: RoleSummary[];
    expiredRoles: RoleSummary[];
  };
  verifications: { total: number; new: number; unverified: number; quotation: number };
  unVerifiedItems: { name: string; createdAt: string; createdBy: { _id: string; name: string } | null }[];
  suggestedItems: {
    name: string;
    createdAt: string;
    createdBy: { _id: string; name: string } | null;
    preferredBrand: string | null;
  }[];
  unVerifiedQuotations: {
    activeVersion: { title: string; createdBy: { _id: string; name: string } | null };
    createdAt: string;
    customer: { _id: string; name: string } | null;
  }[];
  teams: { total: number; newTeams: number };
};
type RoleSummary = { _id: string; name: string; createdAt: string; expiresAt: string | null };

/** GET /crm/dashboard (spec 1 §2). */
export type CrmDashboard = {
  customers: {
    total: number;
    new: number;
    newCustomers: { customerId: string; name: string; type: string; email: string }[];
  };
  followUps: {
    total: number;
    upcoming: number;
    upcomingFollowUps: FollowUpSummary[];
    noResponseFollowUps: FollowUpSummary[];
  };
  requirements: { newRequirements: number; new: number; open: number; closed: number; total: number };
  productItems: { totalCount: number; verifiedCount: number; unverifiedCount: number };
};
type FollowUpSummary = {
  customer: { _id: string; name: string } | null;
  reason: string;
  date: string;
  status: string;
};
