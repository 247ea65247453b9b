export * from './feature-support';
export * from './notify';
