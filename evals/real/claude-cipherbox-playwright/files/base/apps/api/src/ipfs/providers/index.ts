export * from './ipfs-provider.interface';
export * from './pinata.provider';
export * from './local.provider';
