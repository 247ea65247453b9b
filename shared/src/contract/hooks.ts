import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';
import type { DossierServices } from './services';
import type { WidgetComponent } from './remote-module';
import type { WidgetName, WidgetPropsMap } from './widget-map';

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

/**
 * Renders a widget another area offers, by name, without importing that area. While the area
 * loads it shows a small loading state; if it is missing or fails, a small error state.
 */
export function Widget<N extends WidgetName>({ name, ...props }: { name: N } & WidgetPropsMap[N]) {
  const { widgets } = useDossier();
  const [state, setState] = useState<{ component?: WidgetComponent<WidgetPropsMap[N]>; failed: boolean }>(() => ({
    component: widgets.get(name) as WidgetComponent<WidgetPropsMap[N]> | undefined,
    failed: false,
  }));
  useEffect(() => {
    if (state.component) return;
    let live = true;
    widgets.load(name).then(
      (component) => live && setState({ component: component as WidgetComponent<WidgetPropsMap[N]> | undefined, failed: !component }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [name, widgets, state.component]);
  if (state.component) return createElement(state.component, props as unknown as WidgetPropsMap[N]);
  if (state.failed) {
    return createElement('div', { role: 'status', className: 'widget-unavailable' }, 'This section is unavailable right now.');
  }
  return createElement('div', { role: 'status', 'aria-busy': true, className: 'widget-loading' }, 'Loading...');
}
