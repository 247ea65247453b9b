import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { DossierServices } from './services';

/**
 * Provided by the shell (and by shared/testing's harness in a remote's standalone mode).
 * A singleton shared through Module Federation, so every remote sees the shell's value.
 */
export const DossierServicesContext = createContext<DossierServices | null>(null);

export function DossierServicesProvider({ services, children }: { services: DossierServices; children: ReactNode }) {
  return createElement(DossierServicesContext.Provider, { value: services }, children);
}

export function useDossier(): DossierServices {
  const services = useContext(DossierServicesContext);
  if (!services) throw new Error('useDossier must be used inside the shell (or the standalone harness)');
  return services;
}

export const useAuth = () => useDossier().auth;
export const useToasts = () => useDossier().toasts;
export const useAppConfig = () => useDossier().config;
export const useErrorLog = () => useDossier().errors;
export const usePendingOperations = () => useDossier().pendingOperations;
export const useDevice = () => useDossier().device;
export const useSupabase = () => useDossier().auth.supabase;

export { Widget, WidgetErrorBoundary, WIDGET_FAILED_TEXT } from './widget';
