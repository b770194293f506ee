// Electron host: replaced by the application core issue.
export {};
