/** SPEC §9 feature-support check. */
export interface FeatureSupport {
  share: boolean;
  shareFiles: boolean;
  notifications: boolean;
  serviceWorker: boolean;
  backgroundSync: boolean;
  camera: boolean;
  geolocation: boolean;
  vibration: boolean;
  clipboard: boolean;
  indexedDb: boolean;
  installPrompt: boolean;
  standalone: boolean;
}

/** SPEC §9 network strategy. */
export interface NetworkStrategy {
  quality: 'low' | 'medium' | 'high';
  preload: boolean;
  /** ms */
  preloadTimeout: number;
}

export type MetricRating = 'good' | 'needs-improvement' | 'poor';

/** SPEC §3 performance metric (the last 100 kept). */
export interface PerformanceMetric {
  name: string;
  value: number;
  rating: MetricRating;
  timestamp: number;
}

export interface DeviceApi {
  features(): FeatureSupport;
  network(): NetworkStrategy;
  isOnline(): boolean;
  metrics(): readonly PerformanceMetric[];
  /** Shows a notification only when permission was granted (SPEC §4); false otherwise. */
  notify(title: string, options?: NotificationOptions): Promise<boolean>;
}
