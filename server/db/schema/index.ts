export * from './auth';
export * from './characters';
export * from './games';
export * from './resources';
