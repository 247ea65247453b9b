import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ParcelConfig } from 'single-spa';
import type { ParcelRouteProps } from '@dossier/shared';
import { DiagnosticsPage } from './diagnostics-page';
import type { DebugPage } from './debug-pages';

/**
 * A single-spa parcel per debug page (single-spa-react lifecycles): its own React root, mounted
 * by the shell with mountRootParcel and unmounted when the route is left.
 */
export function diagnosticsParcel(page: DebugPage): ParcelConfig<ParcelRouteProps> {
  const lifecycles = singleSpaReact<ParcelRouteProps>({
    React,
    ReactDOMClient,
    rootComponent: (props: ParcelRouteProps) => <DiagnosticsPage page={page} services={props.services} pathname={props.pathname} />,
    errorBoundary: () => <p role="alert">This diagnostic page failed to render.</p>,
  });
  return { name: `diagnostics${page.path.replace(/\//g, '-')}`, ...lifecycles } as ParcelConfig<ParcelRouteProps>;
}
