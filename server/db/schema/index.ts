export * from './auth';
export * from './characters';
export * from './games';
export * from './friends';
export * from './messages';
export * from './resources';
export * from './table';
