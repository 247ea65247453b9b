import './design-system.css';

export * from './button';
export * from './fields';
export * from './select';
export * from './combobox';
export * from './checkbox';
export * from './menu';
export * from './dialog';
export * from './sheet';
export * from './tabs';
export * from './tooltip';
export * from './display';
export * from './icons';
export { useCloseOnBack } from './close-on-back';
export * from './toast-style';
export * from './use-media-query';
