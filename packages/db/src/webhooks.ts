// Owned by the webhooks feature: ensureImplicitWebhook(db, orgId, url) and helpers shared by API and worker.
export {};
