export * from './site.ts';
export * from './locale.ts';
export * from './user.ts';
export * from './cart.ts';
