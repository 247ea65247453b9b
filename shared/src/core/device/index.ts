export * from './feature-support';
export * from './notify';
export * from './describe-device';
