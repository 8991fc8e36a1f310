export * from './customers';
export * from './auth';
export * from './contracts';
export * from './meters';
export * from './billing';
export * from './documents';
export * from './energy';
export * from './mail';
