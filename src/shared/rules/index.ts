export * from './types.ts';
export * from './ipv4.ts';
export * from './match.ts';
export * from './evaluate.ts';
export * from './request.ts';
export * from './convert.ts';
export * from './access.ts';
export * from './verdict.ts';
