import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import type { DossierServices, ParcelRouteProps } from '@dossier/shared/contract';

/**
 * Mounts a single-spa parcel (an area that keeps its own React root) into a div, passes it the
 * services and the pathname, and unmounts it when this component leaves (the route is left).
 */
export function ParcelHost({ config, services, pathname, onError }: {
  config: ParcelConfig<ParcelRouteProps>;
  services: DossierServices;
  pathname: string;
  onError?: (error: unknown) => void;
}) {
  const element = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure; // to the area's error boundary

  useEffect(() => {
    const domElement = element.current;
    if (!domElement) return;
    const mounted = mountRootParcel(config, { domElement, services, pathname });
    parcel.current = mounted;
    mounted.mountPromise.catch((error: unknown) => {
      onError?.(error);
      setFailure(error);
    });
    return () => {
      parcel.current = null;
      // A parcel can only unmount once it finished mounting; single-spa queues it otherwise.
      if (mounted.getStatus() === 'MOUNTED' || mounted.getStatus() === 'MOUNTING') void mounted.unmount().catch(() => undefined);
    };
    // The parcel is remounted only when its config changes; the pathname is passed as an update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);

  useEffect(() => {
    const mounted = parcel.current;
    if (mounted?.update && mounted.getStatus() === 'MOUNTED') void mounted.update({ services, pathname }).catch(() => undefined);
  }, [pathname, services]);

  return <div ref={element} className="dossier-parcel" data-parcel-host="" />;
}
