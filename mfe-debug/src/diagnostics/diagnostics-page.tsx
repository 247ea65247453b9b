import { useEffect } from 'react';
import { DossierServicesProvider, type ParcelRouteProps } from '@dossier/shared';
import { AreaErrorBoundary, Page } from '@dossier/shared/ui';
import type { DebugPage } from './debug-pages';
import { SECTIONS } from './sections';
import { StaffGate } from './staff-gate';

/** One diagnostic page, rendered in the parcel's own React root with the services it was given. */
export function DiagnosticsPage({ page, services }: { page: DebugPage } & ParcelRouteProps) {
  // Marks the document while a diagnostic parcel is mounted (its own React root): support
  // tooling and the e2e suite can tell that leaving the route really unmounted it.
  useEffect(() => {
    document.documentElement.dataset.diagnosticsParcel = page.path;
    return () => {
      if (document.documentElement.dataset.diagnosticsParcel === page.path) delete document.documentElement.dataset.diagnosticsParcel;
    };
  }, [page.path]);
  return (
    <DossierServicesProvider services={services}>
      <StaffGate>
      <Page title={page.title} description={page.purpose}>
        <p data-area="debug">Diagnostics area (single-spa parcel)</p>
        {page.sections.map((section) => {
          const { heading, Component } = SECTIONS[section];
          return (
            <section key={section} aria-label={heading}>
              <h2>{heading}</h2>
              <AreaErrorBoundary>
                <Component />
              </AreaErrorBoundary>
            </section>
          );
        })}
      </Page>
      </StaffGate>
    </DossierServicesProvider>
  );
}
