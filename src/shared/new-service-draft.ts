// The draft key of the New service form, apart from the drafts channel's schemas so the form loads
// without them.

/** The New service form has no service yet: its drafts use serviceId 0, and only they do. */
export const NEW_SERVICE_DRAFT = { serviceId: 0, policyKey: 'service:new' } as const;
