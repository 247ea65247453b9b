import { useMemo, useSyncExternalStore } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAppConfig, useErrorLog, useSupabase, type AppConfig } from '@dossier/shared';
import type { ClassifiedDriveError } from '@dossier/shared/contract';
import { DriveConnection, type DriveAuthState } from '../connection/drive-connection';
import { driveTokenService } from '../connection/drive-token-service';
import { DriveClient } from '../drive/drive-client';

export interface DriveServices {
  connection: DriveConnection;
  client: DriveClient;
}

let current: { key: string; services: DriveServices; report: (e: ClassifiedDriveError) => void } | null = null;

/**
 * The page's one Drive connection and client (every widget of this area and its background
 * handlers share them, so a circuit, the folder cache and the token are the same everywhere).
 */
export function driveServices(config: AppConfig, supabase: SupabaseClient, report: (e: ClassifiedDriveError) => void): DriveServices {
  const key = `${config.drive.clientId}|${config.drive.apiBaseUrl}|${config.drive.authUrl}`;
  if (current?.key === key) {
    current.report = report;
    return current.services;
  }
  const holder = { key, services: null as unknown as DriveServices, report };
  const connection = new DriveConnection({ clientId: config.drive.clientId, authUrl: config.drive.authUrl, apiBaseUrl: config.drive.apiBaseUrl, apiKey: config.drive.apiKey, tokens: driveTokenService(supabase) });
  const client = new DriveClient({
    apiBaseUrl: config.drive.apiBaseUrl,
    apiKey: config.drive.apiKey || undefined,
    getAccessToken: () => connection.usableAccessToken(),
    // An access token that dies mid-import is refreshed on the server and the call repeated.
    refreshAccessToken: () => connection.refresh(),
    onError: (e) => {
      holder.report(e);
      connection.recordError(`${e.driveErrorType}: ${e.message}`);
    },
  });
  holder.services = { connection, client };
  current = holder;
  // Signed in on another device before: the server's grant connects this browser too (ADR 0195).
  void supabase.auth.getSession().then(({ data }) => (data.session ? connection.adoptServerGrant() : false), () => false);
  return holder.services;
}

export function useDrive(): DriveServices & { state: DriveAuthState; enabled: boolean } {
  const config = useAppConfig();
  const errorLog = useErrorLog();
  const supabase = useSupabase();
  const services = useMemo(() => driveServices(config, supabase, (e) => errorLog.reportDrive(e)), [config, errorLog, supabase]);
  const state = useSyncExternalStore(services.connection.subscribe, services.connection.getState);
  return { ...services, state, enabled: config.drive.enabled };
}
