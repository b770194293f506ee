// Preload: replaced by the application core issue.
export {};
