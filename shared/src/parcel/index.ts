export * from './parcel-host';
