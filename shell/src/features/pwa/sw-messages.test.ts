import { API_FALLBACK_CACHE } from '@dossier/shared/core';
import { SW_CACHES } from './sw-messages';

it('names the API fallback cache after SPEC §7 (versioned, version 2)', () => {
  expect(SW_CACHES.apiFallback).toBe(`${API_FALLBACK_CACHE.name}-v${API_FALLBACK_CACHE.version}`);
  expect(SW_CACHES.apiFallback).toBe('dossier-api-fallback-v2');
});
